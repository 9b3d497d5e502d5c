import { and, asc, eq, sql } from "drizzle-orm";
import { ERROR_CATALOGUE } from "@/lib/api/contract/errors";
import { OPERATION_IDS } from "@/lib/api/contract/operations";
import {
  clockAdvance,
  type ControlsIndex,
  faultRuleInput,
  journalQuery,
  resetInput,
  SANDBOX_CONTROLS_PREFIX,
} from "@/lib/api/contract/sandbox-controls";
import { ApiError } from "../../core";
import { schema } from "../../db/database";
import { newId } from "../../domain/ids";
import { readQuery } from "../../pipeline/request-input";
import { issuesOf, validationError } from "../../pipeline/validate";
import { buildSandboxControlsDocument } from "../controls-openapi";
import { injectableErrors, operationOf, ruleProblems } from "../fault-rules";
import { confirmedResets, resetConfirmation, resetMaster, resetPreview } from "../master-reset";
import { type ControlsRequest, noStoreJson as json } from "./controls-request";

/** Fault rules one Master may hold at once. */
export const MAX_FAULT_RULES = 50;

export type ControlHandler = (request: ControlsRequest) => Promise<Response>;

const noSeedState = (masterId: string) =>
  new ApiError(
    "not_found",
    `No seeded state is recorded for ${masterId}: only Masters of the demo data, seeded by this version or later, can be reset.`,
  );

const confirmationRefused = (message: string) =>
  validationError([{ location: "body", path: "confirmationToken", message }]);

/**
 * How far a clock moves for the request's `{seconds}` or `{to}` from its time `now` (ms): a
 * time not after the clock's own is refused next to `to` (a test clock never goes back).
 */
async function forwardStep(request: ControlsRequest, now: string): Promise<number> {
  const parsed = clockAdvance.safeParse(await request.body());
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

/** A handler per route of the sandbox controls (the routes are in `controls.routes.ts`). */
export const controlsHandlers = {
  async describeControls({ service, mode }) {
    const P = SANDBOX_CONTROLS_PREFIX;
    return json(200, {
      controls: ["clock", "instance-clock", "fault-rules", "journal", "operations", "reset"].map(
        (c) => `${P}/${c}`,
      ),
      openapi: `${service.config.publicUrl}${P}/openapi.json`,
      keys: mode,
    } satisfies ControlsIndex);
  },

  async controlsDocument({ c, service }) {
    return c.json(buildSandboxControlsDocument(service.config.publicUrl));
  },

  async readClock(request) {
    return json(200, await request.familyClock(await request.master()));
  },

  async advanceClock(request) {
    const masterId = await request.master();
    const step = await forwardStep(request, (await request.familyClock(masterId)).now);
    await request.db
      .update(schema.clients)
      .set({ sandboxClockOffsetMs: sql`${schema.clients.sandboxClockOffsetMs} + ${step}` })
      .where(eq(schema.clients.id, masterId));
    return json(200, await request.familyClock(masterId));
  },

  async readInstanceClock(request) {
    await request.requireOperator();
    return json(200, await request.instanceClock());
  },

  async advanceInstanceClock(request) {
    await request.requireOperator();
    const step = await forwardStep(request, (await request.instanceClock()).now);
    await request.db.update(schema.sandboxInstanceClock).set({
      offsetMs: sql`${schema.sandboxInstanceClock.offsetMs} + ${step}`,
    });
    return json(200, await request.instanceClock());
  },

  async previewReset(request) {
    const { service } = request;
    const masterId = await request.resetTarget();
    const preview = await service.database.withConnection((conn) => resetPreview(conn, masterId));
    if (!preview) throw noSeedState(masterId);
    const { resets, ...counts } = preview;
    return json(200, {
      masterId,
      ...resetConfirmation(service.config.sandboxToken, masterId, resets, service.now()),
      ...counts,
    });
  },

  async resetMaster(request) {
    const { service } = request;
    const masterId = await request.resetTarget();
    const parsed = resetInput.safeParse(await request.body());
    if (!parsed.success) throw validationError(issuesOf("body", parsed.error));
    const confirmedAt = confirmedResets(
      service.config.sandboxToken,
      masterId,
      parsed.data.confirmationToken,
      service.now(),
    );
    if (confirmedAt === undefined)
      throw confirmationRefused("is not this Master's, or expired: read GET /_sandbox/reset again");
    const restored = await service.database.withConnection((conn) =>
      resetMaster(conn, masterId, confirmedAt),
    );
    if (restored === "no_seed_state") throw noSeedState(masterId);
    if (restored === "confirmation_used")
      throw confirmationRefused(
        "was used by a reset already (a confirmation works once): read GET /_sandbox/reset again",
      );
    return json(200, { masterId, restored });
  },

  async listInjectableOperations(request) {
    await request.caller();
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
  },

  async listFaultRules(request) {
    const masterId = await request.master();
    const rows = await request.db
      .select()
      .from(schema.sandboxFaultRules)
      .where(eq(schema.sandboxFaultRules.masterClientId, masterId))
      .orderBy(asc(schema.sandboxFaultRules.createdAt), asc(schema.sandboxFaultRules.id));
    return json(200, { masterId, faultRules: rows.map(ruleView) });
  },

  async createFaultRule(request) {
    const masterId = await request.master();
    const parsed = faultRuleInput.safeParse(await request.body());
    if (!parsed.success) throw validationError(issuesOf("body", parsed.error));
    const problems = ruleProblems(parsed.data);
    if (problems.length) throw validationError(problems.map((p) => ({ location: "body", ...p })));
    const held = await request.db
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
    const [row] = await request.db
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
  },

  async deleteFaultRule(request) {
    const masterId = await request.master();
    const ruleId = request.c.req.param("ruleId") ?? "";
    const removed = await request.db
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
  },

  async readJournal(request) {
    const { service } = request;
    const masterId = await request.master();
    const parsed = journalQuery.safeParse(readQuery(request.c.req.url));
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
        refunded: r.refunded,
        idempotencyKey: r.idempotencyKey,
        durationMs: r.durationMs,
        faultRuleId: r.faultRuleId,
      })),
      nextBefore: rows.length === q.limit ? rows[rows.length - 1]!.id : null,
      keeps: service.journal.perMaster,
    });
  },
} satisfies Record<string, ControlHandler>;
