import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { apiForKey, serviceTransport } from "@/lib/api/console-service";
import { type JobStatusReading, readJobStatus, type ServiceApi } from "@/lib/api/client";
import { type PilotState, readPilotState } from "@/lib/api/pilot-state";
import { type SandboxControls, sandboxControlsFor } from "@/lib/api/sandbox-controls-client";
import { consoleConfig } from "@/lib/config/console-env";
import { type OperationId, OPERATIONS } from "@/lib/api/contract/operations";
import { RoleRefusedError } from "./role-refused";
import { roleRefusal } from "./rights";
import { roleRefusalIn } from "./refusal-words";
import { keyDigestOf } from "./secret-box";
import { type ConsoleSession, readSession } from "./session";

export interface SignedIn {
  session: ConsoleSession;
  /** A stable name of the session's API key (never the key): what belongs to that key is kept under it. */
  keyDigest: string;
  api: ServiceApi;
  /** Reads a job's `statusUrl` once with the session's key (never orders again). */
  readJobStatus: (statusUrl: string) => Promise<JobStatusReading>;
  /** The Client's Intelligence pilot gates, where the service tells them. */
  pilotState: () => Promise<PilotState>;
  /** The reference service's sandbox controls with the session's key (Masters only). */
  sandbox: SandboxControls;
}

/**
 * The service as a session may use it: an operation the session's role does not allow is
 * refused here, on the server, with the sentence that names the roles that could, whichever
 * page, action or route handler asks.
 */
function forRole(api: ServiceApi, session: ConsoleSession): ServiceApi {
  return new Proxy(api, {
    get(target, name, receiver) {
      const member: unknown = Reflect.get(target, name, receiver);
      if (
        typeof name !== "string" ||
        typeof member !== "function" ||
        !Object.hasOwn(OPERATIONS, name)
      )
        return member;
      const refusal = roleRefusal(session, name as OperationId);
      // Worded in the request's language when the call is made.
      return refusal
        ? () =>
            roleRefusalIn(session, name as OperationId).then((words) =>
              Promise.reject(new RoleRefusedError(words ?? refusal)),
            )
        : member;
    },
  });
}

function signedIn(apiKey: string, session: ConsoleSession): SignedIn {
  return {
    session,
    keyDigest: keyDigestOf(apiKey, consoleConfig().SESSION_SECRET),
    api: forRole(apiForKey(apiKey, session), session),
    readJobStatus: (statusUrl) => readJobStatus(serviceTransport(), apiKey, statusUrl),
    pilotState: () => readPilotState(serviceTransport().baseUrl, apiKey),
    sandbox: sandboxControlsFor(serviceTransport().baseUrl, apiKey),
  };
}

/**
 * The session as one page render reads it: the layout and the page both ask, and the cookie is
 * unsealed and the store read once per request (React's request-scoped cache).
 */
export const readRenderSession = cache(readSession);

/** For pages and layouts: a signed-in session, or a redirect to sign-in saying why. */
export async function requirePageSession(): Promise<SignedIn> {
  const state = await readRenderSession();
  if (state.kind === "none") redirect("/sign-in");
  if (state.kind === "expired") redirect("/sign-in?reason=expired");
  if (state.kind === "revoked") redirect("/sign-in?reason=ended");
  return signedIn(state.apiKey, state.session);
}

/** For server actions and route handlers, which must check the session themselves. */
export async function actionSession(): Promise<
  SignedIn | { refused: "unauthenticated" | "expired" }
> {
  const state = await readSession();
  if (state.kind === "none") return { refused: "unauthenticated" };
  if (state.kind === "expired" || state.kind === "revoked") return { refused: "expired" };
  return signedIn(state.apiKey, state.session);
}
