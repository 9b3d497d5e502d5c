import { randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { type Context } from "hono";
import { HEADERS } from "@/lib/api/contract/headers";
import { ERROR_CATALOGUE } from "@/lib/api/contract/errors";
import { OPERATION_IDS } from "@/lib/api/contract/operations";
import { type ServiceApp, type ServiceBindings, type ServiceContext } from "../context";
import { schema } from "../db/database";
import { newId } from "../domain/ids";
import { authenticate } from "../pipeline/authenticate";
import { readBoundedBody, parseJsonBody, readQuery } from "../pipeline/request-input";
import { errorResponse } from "../pipeline/response";
import { issuesOf, validationError } from "../pipeline/validate";
import {
  clockAdvance,
  type ControlsIndex,
  faultRuleInput,
  journalQuery,
  resetInput,
  SANDBOX_CONTROLS_PREFIX,
} from "@/lib/api/contract/sandbox-controls";
import { buildSandboxControlsDocument } from "./controls-openapi";
import { familyClockOffset, instanceClockOffset } from "./test-clock";
import { confirmedResets, resetConfirmation, resetMaster, resetPreview } from "./master-reset";
import { controlsActOn } from "./controls-scope";
import { injectableErrors, operationOf, ruleProblems } from "./fault-rules";
import { ApiError } from "../core";

/** Fault rules one Master may hold at once. */
export const MAX_FAULT_RULES = 50;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
const refusal = (error: ApiError) =>
  errorResponse(error, randomUUID(), { "Cache-Control": "no-store" });

/** Who uses the controls: the instance's operator (any Master, by `masterId`), or a Master for itself. */
type ControlsCaller = { kind: "operator" } | { kind: "master"; masterId: string };

const refused = (message: string) => new ApiError("sandbox_controls_forbidden", message);

function sameToken(sent: string, expected: string) {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The reference service's sandbox controls (docs/sandbox-controls.md): test clocks, fault rules
 * and the request journal. Not operations of the interface: no billing, no rate limits, answers
 * are never cached. A Master's own key controls that Master's family; the operator token
 * (`Authorization: Bearer`) any Master's, named by `masterId`. `SERVICE_SANDBOX_CONTROLS` says
 * which keys they serve; `off` mounts nothing, so every path under the prefix answers 404.
 */
export function mountSandboxControls(app: ServiceApp, service: ServiceContext) {
  const mode = service.config.sandboxControls;
  if (mode === "off") return;
  const db = service.database.db;

  async function callerOf(c: Context<ServiceBindings>): Promise<ControlsCaller> {
    const bearer = c.req.header("authorization")?.match(/^Bearer (.+)$/)?.[1];
    if (bearer !== undefined) {
      if (service.config.sandboxToken && sameToken(bearer, service.config.sandboxToken))
        return { kind: "operator" };
      throw new ApiError("api_key_invalid", "The sandbox operator token is not valid.");
    }
    const rawKey = c.req.header(HEADERS.apiKey);
    if (!rawKey)
      throw new ApiError(
        "api_key_missing",
        "Send a Master's key in X-Api-Key, or the operator token as Authorization: Bearer.",
      );
    const conn = await service.database.pool.connect();
    try {
      const caller = await authenticate(conn, rawKey);
      if (!controlsActOn(mode, caller.environment))
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

  /** The Master a request acts on: the caller itself, or the operator's `masterId`. */
  async function masterOf(c: Context<ServiceBindings>): Promise<string> {
    const who = await callerOf(c);
    const named = new URL(c.req.url).searchParams.get("masterId");
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
    const [master] = await db
      .select({ id: schema.clients.id, parentId: schema.clients.parentId })
      .from(schema.clients)
      .where(eq(schema.clients.id, named));
    if (!master || master.parentId !== null)
      throw new ApiError("client_user_not_found", `No Master client with id ${named}.`);
    return master.id;
  }

  async function bodyOf(c: Context<ServiceBindings>): Promise<unknown> {
    const text = await readBoundedBody(c.req.raw, c.env?.incoming);
    return parseJsonBody(text, c.req.header("content-type"));
  }

  /** Runs a control, turning documented refusals into their error bodies. */
  const control =
    (fn: (c: Context<ServiceBindings>) => Promise<Response>) =>
    async (c: Context<ServiceBindings>) => {
      try {
        return await fn(c);
      } catch (error) {
        if (error instanceof ApiError) return refusal(error);
        service.log.error("sandbox control failed", { path: c.req.path, error });
        return refusal(
          new ApiError("internal_error", "An unexpected error occurred; retry later."),
        );
      }
    };

  /** A clock running `offsetMs` ahead of the instance's real time, as the controls show it. */
  const reading = (offsetMs: number) => ({
    now: new Date(service.now().getTime() + offsetMs).toISOString(),
    offsetSeconds: Math.round(offsetMs / 1000),
  });

  async function clockOf(masterId: string) {
    return { masterId, ...reading(await familyClockOffset(db, masterId)) };
  }

  const P = SANDBOX_CONTROLS_PREFIX;
  const noSeedState = (masterId: string) =>
    new ApiError(
      "not_found",
      `No seeded state is recorded for ${masterId}: only Masters of the demo data, seeded by this version or later, can be reset.`,
    );

  app.get(
    P,
    control(async () =>
      json(200, {
        controls: ["clock", "instance-clock", "fault-rules", "journal", "operations", "reset"].map(
          (c) => `${P}/${c}`,
        ),
        openapi: `${service.config.publicUrl}${P}/openapi.json`,
        keys: mode,
      } satisfies ControlsIndex),
    ),
  );

  app.get(`${P}/openapi.json`, (c) =>
    c.json(buildSandboxControlsDocument(service.config.publicUrl)),
  );

  app.get(
    `${P}/clock`,
    control(async (c) => json(200, await clockOf(await masterOf(c)))),
  );

  /**
   * How far a clock moves for the request's `{seconds}` or `{to}` from its time `now` (ms): a
   * time not after the clock's own is refused next to `to` (a test clock never goes back).
   */
  async function forwardStep(c: Context<ServiceBindings>, now: string): Promise<number> {
    const parsed = clockAdvance.safeParse(await bodyOf(c));
    if (!parsed.success) throw validationError(issuesOf("body", parsed.error));
    const currentMs = Date.parse(now);
    const targetMs =
      parsed.data.seconds !== undefined
        ? currentMs + parsed.data.seconds * 1000
        : Date.parse(parsed.data.to!);
    if (targetMs <= currentMs)
      throw validationError([
        {
          location: "body",
          path: "to",
          message: `must be after the clock's time ${now}: a test clock never goes back`,
        },
      ]);
    return Math.round(targetMs - currentMs);
  }

  app.post(
    `${P}/clock/advance`,
    control(async (c) => {
      const masterId = await masterOf(c);
      const step = await forwardStep(c, (await clockOf(masterId)).now);
      await db
        .update(schema.clients)
        .set({ sandboxClockOffsetMs: sql`${schema.clients.sandboxClockOffsetMs} + ${step}` })
        .where(eq(schema.clients.id, masterId));
      return json(200, await clockOf(masterId));
    }),
  );

  async function instanceClock() {
    return reading(await instanceClockOffset(db));
  }

  async function requireOperator(c: Context<ServiceBindings>) {
    if ((await callerOf(c)).kind !== "operator")
      throw new ApiError(
        "insufficient_scope",
        "The instance clock moves every Master's time: it takes the operator token.",
      );
  }

  app.get(
    `${P}/instance-clock`,
    control(async (c) => {
      await requireOperator(c);
      return json(200, await instanceClock());
    }),
  );

  app.post(
    `${P}/instance-clock/advance`,
    control(async (c) => {
      await requireOperator(c);
      const step = await forwardStep(c, (await instanceClock()).now);
      await db.update(schema.sandboxInstanceClock).set({
        offsetMs: sql`${schema.sandboxInstanceClock.offsetMs} + ${step}`,
      });
      return json(200, await instanceClock());
    }),
  );

  /**
   * The Master a reset acts on. A reset returns the family's production state too (balances,
   * Sub-users, plans): where the controls serve sandbox keys only, it is the operator's.
   */
  async function resetTarget(c: Context<ServiceBindings>): Promise<string> {
    if (mode === "sandbox" && (await callerOf(c)).kind !== "operator")
      throw refused(
        "A reset returns the family's production state too (balances, Sub-users, plans): on this service only the operator token resets a Master.",
      );
    return masterOf(c);
  }

  const confirmationRefused = (message: string) =>
    validationError([{ location: "body", path: "confirmationToken", message }]);

  app.get(
    `${P}/reset`,
    control(async (c) => {
      const masterId = await resetTarget(c);
      const preview = await service.database.withConnection((conn) => resetPreview(conn, masterId));
      if (!preview) throw noSeedState(masterId);
      const { resets, ...counts } = preview;
      return json(200, {
        masterId,
        ...resetConfirmation(service.config.sandboxToken, masterId, resets, service.now()),
        ...counts,
      });
    }),
  );

  app.post(
    `${P}/reset`,
    control(async (c) => {
      const masterId = await resetTarget(c);
      const parsed = resetInput.safeParse(await bodyOf(c));
      if (!parsed.success) throw validationError(issuesOf("body", parsed.error));
      const confirmedAt = confirmedResets(
        service.config.sandboxToken,
        masterId,
        parsed.data.confirmationToken,
        service.now(),
      );
      if (confirmedAt === undefined)
        throw confirmationRefused(
          "is not this Master's, or expired: read GET /_sandbox/reset again",
        );
      const restored = await service.database.withConnection((conn) =>
        resetMaster(conn, masterId, confirmedAt),
      );
      if (restored === "no_seed_state") throw noSeedState(masterId);
      if (restored === "confirmation_used")
        throw confirmationRefused(
          "was used by a reset already (a confirmation works once): read GET /_sandbox/reset again",
        );
      return json(200, { masterId, restored });
    }),
  );

  app.get(
    `${P}/operations`,
    control(async (c) => {
      await callerOf(c);
      return json(200, {
        operations: OPERATION_IDS.map((operationId) => {
          const op = operationOf(operationId)!;
          return {
            operationId,
            method: op.method,
            path: op.path,
            endpointKey: op.endpointKey,
            errors: injectableErrors(op).map((code) => ({
              code,
              status: ERROR_CATALOGUE[code].status,
              retryable: ERROR_CATALOGUE[code].retryable,
            })),
          };
        }),
      });
    }),
  );

  const ruleView = (r: typeof schema.sandboxFaultRules.$inferSelect) => ({
    id: r.id,
    operationId: r.operationId,
    endpointKey: r.endpointKey,
    effect: r.effect,
    remaining: r.remaining,
    probability: r.probability,
    firedCount: r.firedCount,
    createdAt: r.createdAt.toISOString(),
  });

  app.get(
    `${P}/fault-rules`,
    control(async (c) => {
      const masterId = await masterOf(c);
      const rows = await db
        .select()
        .from(schema.sandboxFaultRules)
        .where(eq(schema.sandboxFaultRules.masterClientId, masterId))
        .orderBy(asc(schema.sandboxFaultRules.createdAt), asc(schema.sandboxFaultRules.id));
      return json(200, { masterId, faultRules: rows.map(ruleView) });
    }),
  );

  app.post(
    `${P}/fault-rules`,
    control(async (c) => {
      const masterId = await masterOf(c);
      const parsed = faultRuleInput.safeParse(await bodyOf(c));
      if (!parsed.success) throw validationError(issuesOf("body", parsed.error));
      const problems = ruleProblems(parsed.data);
      if (problems.length) throw validationError(problems.map((p) => ({ location: "body", ...p })));
      const held = await db
        .select({ id: schema.sandboxFaultRules.id })
        .from(schema.sandboxFaultRules)
        .where(eq(schema.sandboxFaultRules.masterClientId, masterId));
      if (held.length >= MAX_FAULT_RULES)
        throw validationError([
          {
            location: "body",
            path: "",
            message: `a Master holds at most ${MAX_FAULT_RULES} fault rules; remove one first`,
          },
        ]);
      const [row] = await db
        .insert(schema.sandboxFaultRules)
        .values({
          id: newId("fr"),
          masterClientId: masterId,
          operationId: parsed.data.operationId,
          endpointKey: parsed.data.endpointKey ?? null,
          effect: parsed.data.effect,
          remaining: parsed.data.times ?? null,
          probability: parsed.data.probability ?? null,
        })
        .returning();
      return json(201, ruleView(row!));
    }),
  );

  app.delete(
    `${P}/fault-rules/:ruleId`,
    control(async (c) => {
      const masterId = await masterOf(c);
      const ruleId = c.req.param("ruleId") ?? "";
      const removed = await db
        .delete(schema.sandboxFaultRules)
        .where(
          and(
            eq(schema.sandboxFaultRules.id, ruleId),
            eq(schema.sandboxFaultRules.masterClientId, masterId),
          ),
        )
        .returning({ id: schema.sandboxFaultRules.id });
      if (removed.length === 0)
        throw new ApiError("not_found", `No fault rule ${ruleId} of this Master.`);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    }),
  );

  app.get(
    `${P}/journal`,
    control(async (c) => {
      const masterId = await masterOf(c);
      const parsed = journalQuery.safeParse(readQuery(c.req.url));
      if (!parsed.success) throw validationError(issuesOf("query", parsed.error));
      const q = parsed.data;
      const rows = await service.journal.read(masterId, {
        operationId: q.operationId,
        status: q.status,
        errorCode: q.errorCode,
        faulted: q.faulted === undefined ? undefined : q.faulted === "true",
        before: q.before,
        limit: q.limit,
      });
      return json(200, {
        masterId,
        entries: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          requestId: r.requestId,
          clientId: r.clientId,
          operationId: r.operationId,
          status: r.status,
          delivered: r.delivered,
          errorCode: r.errorCode,
          billingSource: r.billingSource,
          chargedMinor: r.chargedMinor,
          idempotencyKey: r.idempotencyKey,
          durationMs: r.durationMs,
          faultRuleId: r.faultRuleId,
        })),
        nextBefore: rows.length === q.limit ? rows[rows.length - 1]!.id : null,
        keeps: service.journal.perMaster,
      });
    }),
  );
}
