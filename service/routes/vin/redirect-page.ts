import { type ServiceApp, type ServiceContext } from "../../context";
import { candidatesFor, type SyntheticVehicle } from "../../data/vehicle-catalog";
import { closeRedirectSession, findRedirectSession } from "../../domain/redirect-sessions";
import { isBodyTooLarge, readBodyOf } from "../../pipeline/request-input";
import { familyNow } from "../../sandbox/test-clock";
import { escapeHtml, page } from "../html-page";

function describe(v: SyntheticVehicle) {
  const engine = v.engine.displacementCcm
    ? `${(v.engine.displacementCcm / 1000).toFixed(1)} l `
    : "";
  return `${v.manufacturer ?? "Unknown manufacturer"} ${v.model}${v.modelYear ? ` (${v.modelYear})` : ""}, ${v.bodyType}, ${engine}${v.fuelType}, ${v.engine.powerKw} kW`;
}

/**
 * The page a redirect session's `redirectUrl` opens: the user confirms the vehicle among the
 * candidates or cancels, and is sent back to `returnUrl` with `status`, `svcId` and `state`,
 * never the VIN. Sessions are single-use and end at `expiresAt`.
 */
/** A session's page holds its token in its address: it is never anyone's referrer. */
const NO_REFERRER = { referrerPolicy: "no-referrer" } as const;
/** The confirmation form sends two short fields. */
const FORM_BYTES = 4096;

export function mountRedirectPages(app: ServiceApp, service: ServiceContext) {
  const db = service.database.db;
  const find = (token: string) => findRedirectSession(db, token);
  const unavailable = (why: string) =>
    page(
      "Vehicle selection unavailable",
      `<h1>Vehicle selection unavailable</h1><p>${escapeHtml(why)}</p><p>Return to the system that sent you here and start again.</p>`,
      undefined,
      NO_REFERRER,
    );

  app.get("/vin/redirect/:token", async (c) => {
    const session = await find(c.req.param("token"));
    if (!session) return unavailable("This vehicle selection does not exist.");
    const now = await familyNow(db, session, service.now(), service.config.sandboxControls);
    if (session.status !== "open") return unavailable("This vehicle selection was already used.");
    if (session.expiresAt <= now) return unavailable("This vehicle selection has expired.");
    const candidates = candidatesFor(session.vin);
    const options = candidates
      .map(
        (v, i) =>
          `<label><input type="radio" name="candidate" value="${i}"${i === 0 ? " checked" : ""}> ${escapeHtml(describe(v))}</label>`,
      )
      .join("");
    return page(
      "Confirm the vehicle",
      `<h1>Confirm the vehicle</h1>
<p>Choose the vehicle that matches. The system that sent you here receives a reference to the vehicle type, not the VIN.</p>
<form method="post"><fieldset><legend>${candidates.length > 1 ? "Candidates" : "Vehicle found"}</legend>${options}</fieldset>
<p><button class="primary" type="submit" name="action" value="confirm">Confirm vehicle</button>
<button type="submit" name="action" value="cancel">Cancel</button></p></form>
<p><small>Results are derived data, not a guarantee of fitment. This selection expires at ${escapeHtml(session.expiresAt.toISOString())}.</small></p>`,
      new URL(session.returnUrl).origin,
      NO_REFERRER,
    );
  });

  app.post("/vin/redirect/:token", async (c) => {
    let text: string;
    try {
      text = await readBodyOf(c, FORM_BYTES);
    } catch (error) {
      if (!isBodyTooLarge(error)) throw error;
      return unavailable("The form was not understood.");
    }
    // The page's own form: urlencoded, each field once, the candidate a plain index.
    const type = (c.req.header("Content-Type") ?? "").toLowerCase();
    const fields = [...new URLSearchParams(text)];
    const form = Object.fromEntries(fields);
    if (
      !type.startsWith("application/x-www-form-urlencoded") ||
      new Set(fields.map(([name]) => name)).size !== fields.length
    )
      return unavailable("The form was not understood.");
    const action =
      form.action === "cancel" ? "cancel" : form.action === "confirm" ? "confirm" : null;
    if (!action) return unavailable("The form was not understood.");
    const token = c.req.param("token");
    const existing = await find(token);
    if (!existing) return unavailable("This vehicle selection does not exist.");
    const now = await familyNow(db, existing, service.now(), service.config.sandboxControls);
    const candidates = candidatesFor(existing.vin);
    const index = /^\d{1,3}$/.test(form.candidate ?? "0") ? Number(form.candidate ?? 0) : -1;
    const chosen =
      Number.isInteger(index) && index >= 0 && index < candidates.length
        ? candidates[index]!
        : undefined;
    if (action === "confirm" && !chosen) return unavailable("Choose one of the vehicles.");
    const claimed = await closeRedirectSession(
      db,
      token,
      action === "confirm" ? { confirmed: chosen! } : "cancelled",
      now,
    );
    if (!claimed)
      return unavailable(
        existing.status !== "open"
          ? "This vehicle selection was already used."
          : "This vehicle selection has expired.",
      );
    const target = new URL(claimed.returnUrl);
    target.searchParams.set("status", action === "confirm" ? "completed" : "cancelled");
    if (action === "confirm") target.searchParams.set("svcId", chosen!.svcId);
    if (claimed.state) target.searchParams.set("state", claimed.state);
    return new Response(null, {
      status: 303,
      headers: {
        Location: target.toString(),
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-store",
      },
    });
  });
}
