import { type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { HEADERS, SESSION_COOKIE } from "@/lib/api/contract/headers";
import { type ServiceApp, type ServiceBindings, type ServiceContext } from "../../context";
import { authenticate } from "../../pipeline/authenticate";
import { isBodyTooLarge, readBodyOf } from "../../pipeline/request-input";
import { nulCharacterPath } from "../../pipeline/validate";
import { errorResponse } from "../../pipeline/response";
import { deliversResults, gatesOf } from "../../domain/intelligence/pilot-gates";
import {
  findSession,
  sameSecret,
  SESSION_HOURS,
  signIn,
  signOut,
} from "../../domain/intelligence/pilot-sessions";
import { crossSitePost, sourceAddress } from "../form-origin";
import { admitSignIn, logSignInRefusal, settleSignIn } from "../../domain/sign-in-throttle";
import { escapeHtml, page } from "../html-page";
import { ApiError } from "../../core";

/**
 * The sandbox sign-in of pilot accounts (a reference-service extension, not an operation of the
 * interface): it sets the verified first-party session cookie the Intelligence operations accept
 * instead of `X-Api-Key`, and hands out the session's CSRF token for writes.
 */
export const SIGN_IN_PATH = "/pilot/sign-in";
const MAX_FORM_BYTES = 4096;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
const refusal = (e: ApiError) => errorResponse(e, undefined, { "Cache-Control": "no-store" });

function signInForm(message?: string, login = "", status = 200, headers?: Record<string, string>) {
  return page(
    "Intelligence pilot sign-in",
    `<h1>Intelligence pilot sign-in</h1>
<p>Pilot accounts sign in here to call the Intelligence operations with the <code>${SESSION_COOKIE}</code> cookie instead of an API key. The sandbox logins are listed in <code>demo-credentials.json</code> and in the service's test data.</p>
${message ? `<p role="alert"><strong>${escapeHtml(message)}</strong></p>` : ""}
<form method="post" action="${SIGN_IN_PATH}">
<fieldset><legend>Account</legend>
<label for="login">Login</label><input id="login" name="login" autocomplete="username" required value="${escapeHtml(login)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
</fieldset>
<p><button class="primary" type="submit">Sign in</button></p>
</form>
<p><small>The session lasts ${SESSION_HOURS} hours. <a href="/reference">Back to the reference</a></small></p>`,
    undefined,
    { status, headers },
  );
}

/** Reads a small form or JSON body; anything larger or of another type is refused. */
async function credentialsOf(
  c: Context<ServiceBindings>,
): Promise<{ login: string; password: string; asJson: boolean } | ApiError> {
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  let text: string;
  try {
    text = await readBodyOf(c, MAX_FORM_BYTES);
  } catch (error) {
    if (isBodyTooLarge(error)) return error;
    throw error;
  }
  if (type.startsWith("application/json")) {
    try {
      const body = JSON.parse(text) as { login?: unknown; password?: unknown };
      if (
        typeof body.login === "string" &&
        typeof body.password === "string" &&
        nulCharacterPath([body.login, body.password]) === undefined
      )
        return { login: body.login, password: body.password, asJson: true };
    } catch {
      // Reported below as the same invalid request.
    }
    return new ApiError(
      "invalid_request",
      "Send a JSON object with string `login` and `password`.",
    );
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(text);
    const [login, password] = [form.get("login") ?? "", form.get("password") ?? ""];
    if (nulCharacterPath([login, password]) !== undefined)
      return new ApiError("invalid_request", "The sign-in must not contain the NUL character.");
    return { login, password, asJson: false };
  }
  return new ApiError(
    "unsupported_media_type",
    "Send the sign-in as application/x-www-form-urlencoded or application/json.",
  );
}

export function mountPilotSignIn(app: ServiceApp, service: ServiceContext) {
  const db = service.database.db;
  const foreign = (c: Context<ServiceBindings>) => crossSitePost(c, service.config.publicUrl);

  app.get(SIGN_IN_PATH, () => signInForm());

  app.post(SIGN_IN_PATH, async (c) => {
    if (foreign(c))
      return refusal(
        new ApiError(
          "csrf_token_invalid",
          "A cross-site sign-in is refused: sign in from the service's own page.",
        ),
      );
    const input = await credentialsOf(c);
    if (input instanceof ApiError) return refusal(input);
    const now = service.now();
    const attempt = {
      surface: "pilot_sign_in" as const,
      login: input.login,
      source: sourceAddress(c, service.config.trustedProxies),
      now,
    };
    const admission = await admitSignIn(service.database.pool, attempt);
    if (!admission.admitted) {
      logSignInRefusal(service.log, attempt, "throttled");
      const error = new ApiError(
        "rate_limit_exceeded",
        `Too many failed sign-ins: try again in ${admission.retryAfterSeconds} seconds.`,
        {},
        { "Retry-After": String(admission.retryAfterSeconds) },
      );
      return input.asJson
        ? refusal(error)
        : signInForm(error.message, input.login, error.status, {
            "Retry-After": String(admission.retryAfterSeconds),
          });
    }
    const outcome = await signIn(db, input.login, input.password, now);
    await settleSignIn(
      service.database.pool,
      admission.attemptId,
      outcome.ok || outcome.reason !== "credentials" ? "succeeded" : "failed",
    );
    if (!outcome.ok && outcome.reason === "credentials")
      logSignInRefusal(service.log, attempt, "failed");
    if (!outcome.ok) {
      const error =
        outcome.reason === "credentials"
          ? new ApiError("sign_in_failed", "The login or password is wrong.")
          : new ApiError(
              "intelligence_pilot_not_enabled",
              "This account is not allowlisted for the Intelligence pilot.",
            );
      return input.asJson ? refusal(error) : signInForm(error.message, input.login, error.status);
    }
    const { session } = outcome;
    setCookie(c, SESSION_COOKIE, session.token, {
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
      maxAge: SESSION_HOURS * 3600,
      prefix: undefined,
    });
    const facts = {
      clientId: session.clientId,
      environment: session.environment,
      csrfToken: session.csrfToken,
      expiresAt: session.expiresAt.toISOString(),
    };
    if (input.asJson) {
      const res = json(200, facts);
      c.res.headers.forEach((v, k) => k === "set-cookie" && res.headers.append(k, v));
      return res;
    }
    const res = page(
      "Signed in to the Intelligence pilot",
      `<h1>Signed in</h1><p>Client <code>${escapeHtml(session.clientId)}</code> (${session.environment}), until ${escapeHtml(facts.expiresAt)}.</p>
<p>Intelligence calls from this browser now carry the session cookie. A session-authenticated <code>POST /vin/economic-intelligence</code> also sends <code>${HEADERS.csrfToken}</code>:</p>
<p><output id="csrf-token">${escapeHtml(session.csrfToken)}</output></p>
<form method="post" action="/pilot/sign-out"><input type="hidden" name="csrfToken" value="${escapeHtml(session.csrfToken)}"><button type="submit">Sign out</button></form>`,
    );
    c.res.headers.forEach((v, k) => k === "set-cookie" && res.headers.append(k, v));
    return res;
  });

  app.get("/pilot/session", async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    const session = token ? await findSession(db, token, service.now()) : undefined;
    if (!session)
      return refusal(
        new ApiError("session_invalid", `No valid session: sign in at ${SIGN_IN_PATH}.`),
      );
    return json(200, {
      clientId: session.clientId,
      environment: session.environment,
      csrfToken: session.csrfToken,
      expiresAt: session.expiresAt.toISOString(),
    });
  });

  // The caller's own gates, for consoles and test suites (by key; not billed, not an operation).
  app.get("/pilot/gates", async (c) => {
    const conn = await service.database.pool.connect();
    try {
      const caller = await authenticate(conn, c.req.header(HEADERS.apiKey));
      const gates = gatesOf(caller.client.intelligencePilot, caller.environment);
      return json(200, {
        clientId: caller.client.id,
        environment: caller.environment,
        gates,
        deliversResults: deliversResults(gates),
        agentAccess: caller.client.agentAccess,
      });
    } catch (error) {
      if (error instanceof ApiError) return refusal(error);
      throw error;
    } finally {
      conn.release();
    }
  });

  app.post("/pilot/sign-out", async (c) => {
    if (foreign(c))
      return refusal(
        new ApiError(
          "csrf_token_invalid",
          "A cross-site sign-out is refused: sign out from the service's own page.",
        ),
      );
    const token = getCookie(c, SESSION_COOKIE);
    const session = token ? await findSession(db, token, service.now()) : undefined;
    if (!session || !token)
      return refusal(new ApiError("session_invalid", "No valid session to sign out of."));
    let text: string;
    try {
      text = await readBodyOf(c, MAX_FORM_BYTES);
    } catch (error) {
      if (!isBodyTooLarge(error)) throw error;
      return refusal(error);
    }
    const sent =
      c.req.header(HEADERS.csrfToken) ?? new URLSearchParams(text).get("csrfToken") ?? undefined;
    if (!sameSecret(sent, session.csrfToken))
      return refusal(
        new ApiError("csrf_token_invalid", "Signing out needs the session's CSRF token."),
      );
    await signOut(db, token);
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true });
    const res = signInForm("Signed out.");
    c.res.headers.forEach((v, k) => k === "set-cookie" && res.headers.append(k, v));
    return res;
  });
}
