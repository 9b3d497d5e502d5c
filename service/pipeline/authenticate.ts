import type pg from "pg";
import { getCookie } from "hono/cookie";
import { HEADERS, SESSION_COOKIE } from "@/lib/api/contract/headers";
import { prepared } from "../db/prepared";
import { hashApiKey } from "../domain/api-keys";
import { type KeyEnvironment } from "@/lib/api/contract/api-keys";
import { hashSessionToken, sameSecret } from "../domain/intelligence/pilot-sessions";
import { type Call, type Stage } from "./call";
import {
  type FaultRule,
  ApiError,
  type ActiveRateRule,
  type ApiKeyRow,
  type Caller,
  type CallerClient,
} from "../core";

const CLIENT_JSON = (
  t: string,
) => `json_build_object('id', ${t}.id, 'name', ${t}.name, 'parentId', ${t}.parent_id, 'isActive', ${t}.is_active,
  'defaultProviderId', ${t}.default_provider_id, 'allowlist', ${t}.allowlist, 'billingMode', ${t}.billing_mode, 'currency', ${t}.currency,
  'createdAt', ${t}.created_at, 'updatedAt', ${t}.updated_at, 'deactivatedAt', ${t}.deactivated_at,
  'intelligencePilot', ${t}.intelligence_pilot, 'agentAccess', ${t}.agent_access, 'authStamp', ${t}.auth_stamp,
  'sandboxClockOffsetMs', ${t}.sandbox_clock_offset_ms)`;

/** The sandbox fault rules of the family of `c` (its Master's), as a JSON array. */
const FAULT_RULES_JSON = `coalesce((select json_agg(json_build_object('id', f.id, 'operationId', f.operation_id,
    'endpointKey', f.endpoint_key, 'effect', f.effect, 'remaining', f.remaining, 'probability', f.probability) order by f.created_at, f.id)
    from sandbox_fault_rules f where f.master_client_id = coalesce(c.parent_id, c.id)
     and (f.remaining is null or f.remaining > 0)), '[]'::json)`;

/** The columns of `ClientCallerRow` beyond the Client `c`, whose Master is `p`. */
const CALLER_COLUMNS = `case when p.id is null then null else ${CLIENT_JSON("p")} end as parent,
          coalesce((select json_agg(json_build_object('id', r.id, 'endpointKey', r.endpoint_key, 'windowSeconds', r.window_seconds,
                     'maxRequests', r.max_requests, 'apiKeyId', r.api_key_id) order by r.position)
                    from rate_limits r where r.client_id = c.id and r.is_active), '[]'::json) as rules,
          ${FAULT_RULES_JSON} as faults,
          (select offset_ms from sandbox_instance_clock) as instance_offset`;

/** A Client as the caller statements read it: itself, its Master, its rules and its clocks. */
interface ClientCallerRow {
  client: Record<string, unknown>;
  parent: Record<string, unknown> | null;
  rules: ActiveRateRule[];
  faults: FaultRule[];
  instance_offset: string | null;
}

/** Key, Client, Master and active rate-limit rules in one statement. */
const selectCaller = prepared<ClientCallerRow & { key: Record<string, unknown> }>(
  "authenticate_caller",
  `select json_build_object('id', k.id, 'clientId', k.client_id, 'label', k.label, 'keyHash', k.key_hash, 'environment', k.environment,
            'isActive', k.is_active, 'createdAt', k.created_at, 'lastUsedAt', k.last_used_at) as key,
          ${CLIENT_JSON("c")} as client,
          ${CALLER_COLUMNS}
     from api_keys k join clients c on c.id = k.client_id left join clients p on p.id = c.parent_id
    where k.key_hash = $1 limit 1`,
);

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
function toClient(j: Record<string, unknown>): CallerClient {
  return {
    ...(j as Omit<CallerClient, "createdAt" | "updatedAt" | "deactivatedAt" | "authStamp">),
    authStamp: Number(j.authStamp),
    createdAt: date(j.createdAt)!,
    updatedAt: date(j.updatedAt)!,
    deactivatedAt: date(j.deactivatedAt),
  };
}

/** Resolves `X-Api-Key` to its Client: 401 when absent, 403 when unknown, disabled or inactive. */
export async function authenticate(
  conn: pg.ClientBase,
  rawKey: string | undefined,
): Promise<Caller> {
  if (!rawKey) throw new ApiError("api_key_missing", "Send your API key in the X-Api-Key header.");
  return authenticateKeyHash(conn, hashApiKey(rawKey));
}

async function authenticateKeyHash(conn: pg.ClientBase, keyHash: string): Promise<Caller> {
  const [row] = await selectCaller(conn, [keyHash]);
  if (!row) throw new ApiError("api_key_invalid", "The API key is not valid.");
  const key = {
    ...(row.key as Omit<ApiKeyRow, "createdAt" | "lastUsedAt">),
    createdAt: date(row.key.createdAt)!,
    lastUsedAt: date(row.key.lastUsedAt),
  };
  if (!key.isActive) throw new ApiError("api_key_disabled", "The API key has been disabled.");
  const client = toClient(row.client);
  const parent = row.parent ? toClient(row.parent) : null;
  if (!client.isActive || (parent && !parent.isActive)) {
    throw new ApiError("client_inactive", "This Client is deactivated; its keys no longer work.");
  }
  return {
    client,
    parent,
    key,
    environment: key.environment as KeyEnvironment,
    isMaster: client.parentId === null,
    rateRules: row.rules,
    faultRules: row.faults,
    instanceClockOffsetMs: Number(row.instance_offset ?? 0),
  };
}

/** A Client with its Master and active rate-limit rules, for callers that are not keys. */
const selectClientCaller = prepared<ClientCallerRow>(
  "authenticate_client",
  `select ${CLIENT_JSON("c")} as client,
          ${CALLER_COLUMNS}
     from clients c left join clients p on p.id = c.parent_id
    where c.id = $1 limit 1`,
);

const selectSession = prepared<{ clientId: string; environment: string; csrfToken: string }>(
  "authenticate_session",
  `select client_id as "clientId", environment, csrf_token as "csrfToken"
     from pilot_sessions where token_hash = $1 and expires_at > $2 limit 1`,
);

const selectAgentToken = prepared<{ clientId: string; environment: string }>(
  "authenticate_agent",
  `select account_client_id as "clientId", environment
     from oauth_tokens where token_hash = $1 and kind = 'access' and revoked_at is null and expires_at > $2 limit 1`,
);

/**
 * A caller that stands in for a key (a session, an agent token): usage is recorded under the
 * credential's own id, prefixed by its kind.
 */
async function callerOfClient(
  conn: pg.ClientBase,
  clientId: string,
  environment: KeyEnvironment,
  credential: { id: string; label: string; hash: string },
  now: Date,
): Promise<Caller> {
  const [row] = await selectClientCaller(conn, [clientId]);
  if (!row) throw new ApiError("api_key_invalid", "The credential's account no longer exists.");
  const client = toClient(row.client);
  const parent = row.parent ? toClient(row.parent) : null;
  if (!client.isActive || (parent && !parent.isActive))
    throw new ApiError(
      "client_inactive",
      "This Client is deactivated; its credentials no longer work.",
    );
  return {
    client,
    parent,
    key: {
      id: credential.id,
      clientId: client.id,
      label: credential.label,
      keyHash: credential.hash,
      environment,
      isActive: true,
      createdAt: now,
      lastUsedAt: null,
    },
    environment,
    isMaster: client.parentId === null,
    rateRules: row.rules,
    faultRules: row.faults,
    instanceClockOffsetMs: Number(row.instance_offset ?? 0),
  };
}

/**
 * Resolves a `__Host-service_session` cookie to its Client (Intelligence operations only); a
 * write must carry the session's CSRF token.
 */
export async function authenticateSession(
  conn: pg.ClientBase,
  token: string,
  now: Date,
  csrf: { required: boolean; sent: string | undefined },
): Promise<Caller> {
  const hash = hashSessionToken(token);
  const [session] = await selectSession(conn, [hash, now.toISOString()]);
  if (!session)
    throw new ApiError(
      "session_invalid",
      "The session is unknown, expired or signed out; sign in again at /pilot/sign-in.",
    );
  if (csrf.required && !sameSecret(csrf.sent, session.csrfToken)) {
    throw new ApiError(
      "csrf_token_invalid",
      `A session-authenticated write needs the session's token in ${HEADERS.csrfToken} (GET /pilot/session).`,
    );
  }
  return callerOfClient(
    conn,
    session.clientId,
    session.environment as KeyEnvironment,
    { id: `ses_${hash.slice(0, 16)}`, label: "First-party session", hash },
    now,
  );
}

/** The account of the agent endpoint's access token (checked again here, as for any caller). */
export async function authenticateAgent(
  conn: pg.ClientBase,
  tokenHash: string,
  now: Date,
): Promise<Caller> {
  const [token] = await selectAgentToken(conn, [tokenHash, now.toISOString()]);
  if (!token)
    throw new ApiError("invalid_token", "The access token is unknown, expired or revoked.");
  return callerOfClient(
    conn,
    token.clientId,
    token.environment as KeyEnvironment,
    { id: `oat_${tokenHash.slice(0, 16)}`, label: "Agent access token", hash: tokenHash },
    now,
  );
}

/** What a remembered caller is checked against: its key, and its Client's and Master's stamps. */
export function callerCheckOf(caller: Caller) {
  return {
    keyId: caller.key.id,
    clientStamp: caller.client.authStamp,
    parentStamp: caller.parent?.authStamp ?? null,
  };
}

/** The caller of a key (by its hash) as the database has it now; remembered for its next calls. */
async function resolveKeyCaller(call: Call, keyHash: string): Promise<Caller> {
  call.service.callers.delete(keyHash);
  const caller = await authenticateKeyHash(await call.connection(), keyHash);
  call.service.callers.set(keyHash, caller);
  call.callerUnverified = false;
  return caller;
}

/**
 * `authenticate`: who calls. A key always wins; a session cookie counts only where the table allows it.
 * A key this instance resolved before gives its remembered caller, which the call checks
 * against the database in its first write (admission's `count-attempt`) and resolves afresh when it is stale.
 */
export const authenticateStage: Stage = async (call) => {
  const agent = call.http.env?.agent;
  if (agent) {
    call.identify(await authenticateAgent(await call.connection(), agent.tokenHash, call.now));
    return;
  }
  const rawKey = call.http.req.header(HEADERS.apiKey);
  const token = call.op.session && !rawKey ? getCookie(call.http, SESSION_COOKIE) : undefined;
  if (token) {
    const caller = await authenticateSession(await call.connection(), token, call.now, {
      required: call.op.session!.csrf,
      sent: call.http.req.header(HEADERS.csrfToken),
    });
    call.identify(caller);
    return;
  }
  if (!rawKey) throw new ApiError("api_key_missing", "Send your API key in the X-Api-Key header.");
  const keyHash = hashApiKey(rawKey);
  const remembered = call.service.callers.get(keyHash);
  if (remembered) {
    call.identify(remembered);
    call.callerUnverified = true;
    return;
  }
  call.identify(await resolveKeyCaller(call, keyHash));
};

/** A remembered caller turned out stale: the key's caller as the database has it now. */
export async function refreshCaller(call: Call): Promise<Caller> {
  call.identify(await resolveKeyCaller(call, hashApiKey(call.http.req.header(HEADERS.apiKey)!)));
  return call.who;
}
