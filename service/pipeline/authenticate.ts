import type pg from "pg";
import { HEADERS } from "@/lib/api/contract/headers";
import { type schema } from "../db/database";
import { prepared } from "../db/prepared";
import { hashApiKey, type KeyEnvironment } from "../domain/api-keys";
import { ApiError } from "./api-error";
import { type Stage } from "./call";

export type ClientRow = typeof schema.clients.$inferSelect;
export type ApiKeyRow = typeof schema.apiKeys.$inferSelect;
export interface ActiveRateRule {
  id: string;
  endpointKey: string;
  windowSeconds: number;
  maxRequests: number;
  apiKeyId: string | null;
}

export interface Caller {
  client: ClientRow;
  parent: ClientRow | null;
  key: ApiKeyRow;
  environment: KeyEnvironment;
  isMaster: boolean;
  /** The Client's active rate-limit overrides, loaded with the key. */
  rateRules: ActiveRateRule[];
}

const CLIENT_JSON = (
  t: string,
) => `json_build_object('id', ${t}.id, 'name', ${t}.name, 'parentId', ${t}.parent_id, 'isActive', ${t}.is_active,
  'defaultProviderId', ${t}.default_provider_id, 'allowlist', ${t}.allowlist, 'billingMode', ${t}.billing_mode, 'currency', ${t}.currency,
  'balanceMinor', ${t}.balance_minor, 'createdAt', ${t}.created_at, 'updatedAt', ${t}.updated_at, 'deactivatedAt', ${t}.deactivated_at)`;

/** Key, Client, Master and active rate-limit rules in one statement. */
const selectCaller = prepared<{
  key: Record<string, unknown>;
  client: Record<string, unknown>;
  parent: Record<string, unknown> | null;
  rules: ActiveRateRule[];
}>(
  "authenticate_caller",
  `select json_build_object('id', k.id, 'clientId', k.client_id, 'label', k.label, 'keyHash', k.key_hash, 'environment', k.environment,
            'isActive', k.is_active, 'createdAt', k.created_at, 'lastUsedAt', k.last_used_at) as key,
          ${CLIENT_JSON("c")} as client,
          case when p.id is null then null else ${CLIENT_JSON("p")} end as parent,
          coalesce((select json_agg(json_build_object('id', r.id, 'endpointKey', r.endpoint_key, 'windowSeconds', r.window_seconds,
                     'maxRequests', r.max_requests, 'apiKeyId', r.api_key_id) order by r.position)
                    from rate_limits r where r.client_id = c.id and r.is_active), '[]'::json) as rules
     from api_keys k join clients c on c.id = k.client_id left join clients p on p.id = c.parent_id
    where k.key_hash = $1 limit 1`,
);

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
function toClient(j: Record<string, unknown>): ClientRow {
  return {
    ...(j as Omit<ClientRow, "createdAt" | "updatedAt" | "deactivatedAt" | "balanceMinor">),
    balanceMinor: Number(j.balanceMinor),
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
  const [row] = await selectCaller(conn, [hashApiKey(rawKey)]);
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
  };
}

/** Stage 1: who calls. */
export const authenticateStage: Stage = async (call) => {
  call.caller = await authenticate(await call.connection(), call.http.req.header(HEADERS.apiKey));
};
