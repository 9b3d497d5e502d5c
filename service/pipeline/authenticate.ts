import { eq } from "drizzle-orm";
import { type OperationDefinition } from "@/lib/api/contract/operations";
import { type Db, schema } from "../db/database";
import { hashApiKey, type KeyEnvironment } from "../domain/api-keys";
import { ApiError } from "./api-error";

export type ClientRow = typeof schema.clients.$inferSelect;
export type ApiKeyRow = typeof schema.apiKeys.$inferSelect;

export interface Caller {
  client: ClientRow;
  parent: ClientRow | null;
  key: ApiKeyRow;
  environment: KeyEnvironment;
  isMaster: boolean;
}

/** Resolves `X-Api-Key` to its Client: 401 when absent, 403 when unknown, disabled or inactive. */
export async function authenticate(db: Db, rawKey: string | undefined): Promise<Caller> {
  if (!rawKey) throw new ApiError("api_key_missing", "Send your API key in the X-Api-Key header.");
  const [key] = await db
    .select()
    .from(schema.apiKeys)
    .where(eq(schema.apiKeys.keyHash, hashApiKey(rawKey)))
    .limit(1);
  if (!key) throw new ApiError("api_key_invalid", "The API key is not valid.");
  if (!key.isActive) throw new ApiError("api_key_disabled", "The API key has been disabled.");
  const [client] = await db
    .select()
    .from(schema.clients)
    .where(eq(schema.clients.id, key.clientId))
    .limit(1);
  if (!client) throw new ApiError("api_key_invalid", "The API key is not valid.");
  let parent: ClientRow | null = null;
  if (client.parentId) {
    [parent = null] = await db
      .select()
      .from(schema.clients)
      .where(eq(schema.clients.id, client.parentId))
      .limit(1);
  }
  if (!client.isActive || (parent && !parent.isActive)) {
    throw new ApiError("client_inactive", "This Client is deactivated; its keys no longer work.");
  }
  return {
    client,
    parent,
    key,
    environment: key.environment as KeyEnvironment,
    isMaster: client.parentId === null,
  };
}

/** Rights, sandbox availability and the endpoint allowlist, in that order. */
export function authorize(caller: Caller, op: OperationDefinition): void {
  if (op.masterOnly && !caller.isMaster) {
    throw new ApiError(
      "master_client_required",
      "Only a Master client key may call this operation.",
    );
  }
  if (op.sandbox === "unavailable" && caller.environment === "sandbox") {
    throw new ApiError(
      "sandbox_endpoint_unavailable",
      "This operation is not available with a sandbox key.",
    );
  }
  if (op.billable && !isEndpointEnabled(caller, op.endpointKey)) {
    throw new ApiError(
      "endpoint_not_enabled",
      `The endpoint key ${op.endpointKey} is not enabled for this Client.`,
    );
  }
}

/** A Sub-user can never reach further than its Master's allowlist. */
export function isEndpointEnabled(
  caller: Pick<Caller, "client" | "parent">,
  endpointKey: string,
): boolean {
  const lists = [caller.client.allowlist, caller.parent?.allowlist].filter((l): l is string[] =>
    Array.isArray(l),
  );
  return lists.every((list) => list.includes(endpointKey));
}
