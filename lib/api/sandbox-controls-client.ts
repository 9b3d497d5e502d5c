import "server-only";
import { type z } from "zod";
import { fieldErrorsOf } from "@/lib/actions/action-result";
import { HEADERS } from "./contract/headers";
import {
  type ClockAdvance,
  clockView,
  type ControlsIndex,
  controlsIndex,
  type FaultRuleInput,
  faultRuleList,
  faultRuleView,
  injectableOperationList,
  journalPage,
  resetDone,
  resetPreview,
  SANDBOX_CONTROLS_PREFIX,
} from "./contract/sandbox-controls";
import { errorBody, validationErrorBody } from "./contract/errors";

/** A refusal of the sandbox controls, with the fields its `issues` name. */
export class SandboxControlsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * A change sent to the controls whose answer never came (it timed out, or the connection was
 * lost): the service may have made it. Never a refusal, and never sent again by itself.
 */
export class SandboxOutcomeUnknownError extends Error {
  constructor() {
    super(
      "The service did not answer in time: the change may have been made. Reload the page to see before trying again.",
    );
  }
}

/** Failures to connect at all: nothing reached the service. */
const NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);
const neverSent = (error: unknown) =>
  NOT_SENT.has(String((error as { cause?: { code?: unknown } } | null)?.cause?.code));

const TIMEOUT_MS = 5_000;
/** What a service says of its controls (null: it offers none), remembered per address for a minute. */
const offered = new Map<string, { at: number; index: ControlsIndex | null }>();

/**
 * The reference service's sandbox controls (an extension, not the interface) for one signed-in
 * Master: its key stays here, on the server. Every answer is parsed with the shared contract.
 */
export function sandboxControlsFor(baseUrl: string, apiKey: string) {
  const root = baseUrl.replace(/\/$/, "") + SANDBOX_CONTROLS_PREFIX;

  async function call<S extends z.ZodType>(
    schema: S | null,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<z.output<S>> {
    const method = init.method ?? "GET";
    // A read that got no answer changed nothing; a change may have been made all the same.
    const lost = (error: unknown) =>
      method !== "GET" && !neverSent(error)
        ? new SandboxOutcomeUnknownError()
        : new SandboxControlsError("service_unreachable", "The service did not answer.");
    let res: Response;
    let text: string;
    try {
      res = await fetch(root + path, {
        method,
        headers: {
          [HEADERS.apiKey]: apiKey,
          Accept: "application/json",
          ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        cache: "no-store",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await res.text();
    } catch (error) {
      throw lost(error);
    }
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!res.ok) {
      const validation = validationErrorBody.safeParse(data);
      if (validation.success) {
        throw new SandboxControlsError(
          validation.data.error,
          validation.data.message,
          fieldErrorsOf(validation.data.issues),
        );
      }
      const body = errorBody.safeParse(data);
      // A gateway's own 502, 503 or 504 (nginx in front, the instance gone mid-request), not the
      // service's answer: a change may have been made all the same.
      if (!body.success && method !== "GET" && [502, 503, 504].includes(res.status))
        throw new SandboxOutcomeUnknownError();
      throw new SandboxControlsError(
        body.success ? body.data.error : "unexpected_answer",
        body.success ? body.data.message : `The service answered ${res.status}.`,
      );
    }
    return (schema ? schema.parse(data) : data) as z.output<S>;
  }

  return {
    /**
     * The service's controls, or null when it offers none (a production service does not): its
     * index says which keys they serve.
     */
    async index(): Promise<ControlsIndex | null> {
      const known = offered.get(root);
      if (known && Date.now() - known.at < 60_000) return known.index;
      let answer: ControlsIndex | null = null;
      try {
        const res = await fetch(root, {
          headers: { Accept: "application/json" },
          cache: "no-store",
          signal: AbortSignal.timeout(2_000),
        });
        const parsed = res.ok ? controlsIndex.safeParse(await res.json()) : undefined;
        answer = parsed?.success ? parsed.data : null;
      } catch {
        answer = null;
      }
      offered.set(root, { at: Date.now(), index: answer });
      return answer;
    },
    clock: () => call(clockView, "/clock"),
    advanceClock: (input: ClockAdvance) =>
      call(clockView, "/clock/advance", { method: "POST", body: input }),
    operations: () => call(injectableOperationList, "/operations"),
    faultRules: () => call(faultRuleList, "/fault-rules"),
    addFaultRule: (input: FaultRuleInput) =>
      call(faultRuleView, "/fault-rules", { method: "POST", body: input }),
    removeFaultRule: (ruleId: string) =>
      call(null, `/fault-rules/${encodeURIComponent(ruleId)}`, { method: "DELETE" }),
    resetPreview: () => call(resetPreview, "/reset"),
    reset: (confirmationToken: string) =>
      call(resetDone, "/reset", { method: "POST", body: { confirmationToken } }),
    journal: (filter: Record<string, string | undefined>) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((e): e is [string, string] => !!e[1]),
      );
      return call(journalPage, `/journal${query.size ? `?${query}` : ""}`);
    },
  };
}

export type SandboxControls = ReturnType<typeof sandboxControlsFor>;

/** Whether a session of this environment may use the controls a service offers. */
export function controlsServe(
  index: ControlsIndex | null,
  environment: "production" | "sandbox" | "unknown",
): index is ControlsIndex {
  return index !== null && (index.keys === "all" || environment === "sandbox");
}
