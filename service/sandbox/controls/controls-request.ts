import { randomUUID, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Context } from "hono";
import { HEADERS } from "@/lib/api/contract/headers";
import { type ServiceBindings, type ServiceContext } from "../../context";
import { ApiError } from "../../core";
import { schema } from "../../db/database";
import { authenticate } from "../../pipeline/authenticate";
import { parseJsonBody, readBodyOf } from "../../pipeline/request-input";
import { errorResponse } from "../../pipeline/response";
import { validationError } from "../../pipeline/validate";
import { controlsActOn, type SandboxControlsMode } from "../controls-scope";
import { familyClockOffset, instanceClockOffset } from "../test-clock";

/** Who uses the controls: the instance's operator (any Master, by `masterId`), or a Master for itself. */
type ControlsCaller = { kind: "operator" } | { kind: "master"; masterId: string };

export const refused = (message: string) => new ApiError("sandbox_controls_forbidden", message);

export const noStoreJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

function sameToken(sent: string, expected: string) {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * One request to the sandbox controls: who sent it, the Master it acts on, its body, and the
 * clocks as the controls show them. Every handler gets one; none reads the HTTP layer itself.
 */
export class ControlsRequest {
  readonly db;
  /** Which keys the controls serve (they are not mounted at all when `off`). */
  readonly mode: Exclude<SandboxControlsMode, "off">;

  constructor(
    readonly c: Context<ServiceBindings>,
    readonly service: ServiceContext,
  ) {
    this.db = service.database.db;
    this.mode = service.config.sandboxControls as Exclude<SandboxControlsMode, "off">;
  }

  async caller(): Promise<ControlsCaller> {
    const bearer = this.c.req.header("authorization")?.match(/^Bearer (.+)$/)?.[1];
    if (bearer !== undefined) {
      const token = this.service.config.sandboxToken;
      if (token && sameToken(bearer, token)) return { kind: "operator" };
      throw new ApiError("api_key_invalid", "The sandbox operator token is not valid.");
    }
    const rawKey = this.c.req.header(HEADERS.apiKey);
    if (!rawKey)
      throw new ApiError(
        "api_key_missing",
        "Send a Master's key in X-Api-Key, or the operator token as Authorization: Bearer.",
      );
    const conn = await this.service.database.pool.connect();
    try {
      const caller = await authenticate(conn, rawKey);
      if (!controlsActOn(this.mode, caller.environment))
        throw refused(
          "This service's sandbox controls serve sandbox keys only (and the operator token); a production key never moves a clock, meets a fault rule or resets anything here.",
        );
      if (!caller.isMaster)
        throw new ApiError(
          "master_client_required",
          "The sandbox controls take a Master's key; a Sub-user follows its Master's clock and rules.",
        );
      return { kind: "master", masterId: caller.client.id };
    } finally {
      conn.release();
    }
  }

  /** The Master the request acts on: the caller itself, or the operator's `masterId`. */
  async master(): Promise<string> {
    const who = await this.caller();
    const named = new URL(this.c.req.url).searchParams.get("masterId");
    if (who.kind === "master") {
      if (named !== null && named !== who.masterId)
        throw refused("A Master's key controls its own family only, never another Master's.");
      return who.masterId;
    }
    if (!named)
      throw validationError([
        {
          location: "query",
          path: "masterId",
          message: "the operator names the Master it acts on",
        },
      ]);
    const [master] = await this.db
      .select({ id: schema.clients.id, parentId: schema.clients.parentId })
      .from(schema.clients)
      .where(eq(schema.clients.id, named));
    if (!master || master.parentId !== null)
      throw new ApiError("client_user_not_found", `No Master client with id ${named}.`);
    return master.id;
  }

  async requireOperator(): Promise<void> {
    if ((await this.caller()).kind !== "operator")
      throw new ApiError(
        "insufficient_scope",
        "The instance clock moves every Master's time: it takes the operator token.",
      );
  }

  /**
   * The Master a reset acts on. A reset returns the family's production state too (balances,
   * Sub-users, plans): where the controls serve sandbox keys only, it is the operator's.
   */
  async resetTarget(): Promise<string> {
    if (this.mode === "sandbox" && (await this.caller()).kind !== "operator")
      throw refused(
        "A reset returns the family's production state too (balances, Sub-users, plans): on this service only the operator token resets a Master.",
      );
    return this.master();
  }

  async body(): Promise<unknown> {
    const text = await readBodyOf(this.c);
    return parseJsonBody(text, this.c.req.header("content-type"));
  }

  /** A clock running `offsetMs` ahead of the instance's real time, as the controls show it. */
  reading(offsetMs: number) {
    return {
      now: new Date(this.service.now().getTime() + offsetMs).toISOString(),
      offsetSeconds: Math.round(offsetMs / 1000),
    };
  }

  async familyClock(masterId: string) {
    return { masterId, ...this.reading(await familyClockOffset(this.db, masterId)) };
  }

  async instanceClock() {
    return this.reading(await instanceClockOffset(this.db));
  }
}

/** Answers a control, turning documented refusals into their error bodies (never cached). */
export async function answerControl(
  request: ControlsRequest,
  handler: (request: ControlsRequest) => Promise<Response>,
): Promise<Response> {
  try {
    return await handler(request);
  } catch (error) {
    const refusal = (e: ApiError) =>
      errorResponse(e, randomUUID(), { "Cache-Control": "no-store" });
    if (error instanceof ApiError) return refusal(error);
    request.service.log.error("sandbox control failed", { path: request.c.req.path, error });
    return refusal(new ApiError("internal_error", "An unexpected error occurred; retry later."));
  }
}
