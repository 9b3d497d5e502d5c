import { and, asc, eq, isNotNull } from "drizzle-orm";
import { type HandlerMap } from "../../context";
import { type Db, schema } from "../../db/database";
import { generateApiKey } from "../../domain/api-keys";
import { newId } from "../../domain/ids";
import { usageStatus } from "../../domain/usage";
import { ApiError } from "../../pipeline/api-error";
import { type Caller } from "../../pipeline/authenticate";
import { validationError } from "../../pipeline/validate";
import {
  findClient,
  loadClientUser,
  loadClientUsers,
  toStoredRateLimit,
} from "./client-user.representation";

type ClientRow = typeof schema.clients.$inferSelect;

/** A Sub-user of the caller (or, where `allowSelf`, the caller itself); anything else is 404. */
async function ownedClient(
  db: Db,
  caller: Caller,
  clientId: string,
  allowSelf = false,
): Promise<ClientRow> {
  if (allowSelf && clientId === caller.client.id) return caller.client;
  const client = await findClient(db, clientId);
  if (!client || client.parentId !== caller.client.id) {
    throw new ApiError(
      "client_user_not_found",
      `No Sub-user with id ${clientId} belongs to this Master client.`,
    );
  }
  return client;
}

async function issueKey(db: Db, clientId: string, label: string | null, now: Date) {
  const { plaintext, hash } = generateApiKey("production");
  const [row] = await db
    .insert(schema.apiKeys)
    .values({
      id: newId("key"),
      clientId,
      label,
      keyHash: hash,
      environment: "production",
      createdAt: now,
    })
    .returning();
  return {
    row: row!,
    apiKey: {
      id: row!.id,
      label: row!.label,
      key: plaintext,
      createdAt: row!.createdAt.toISOString(),
    },
  };
}

export const clientUserHandlers = {
  async listClientUsers({ db, caller }) {
    const subUsers = await db
      .select()
      .from(schema.clients)
      .where(eq(schema.clients.parentId, caller.client.id))
      .orderBy(asc(schema.clients.createdAt), asc(schema.clients.id));
    const clientUsers = await loadClientUsers(db, subUsers, caller.client.id);
    return { status: 200, data: { clientUsers } };
  },

  async createClientUser({ db, caller, input, now }) {
    return db.transaction(async (tx) => {
      const [client] = await tx
        .insert(schema.clients)
        .values({
          id: newId("cl"),
          name: input.body.name,
          parentId: caller.client.id,
          defaultProviderId: input.body.defaultProviderId ?? null,
          currency: caller.client.currency,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const { apiKey } = await issueKey(tx, client!.id, null, now);
      return { status: 200, data: { ...(await loadClientUser(tx, client!)), apiKey } };
    });
  },

  async updateClientUser({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId, true);
    const { name, defaultProviderId, isActive } = input.body;
    const isSelf = target.id === caller.client.id;
    return db.transaction(async (tx) => {
      const changes: Partial<ClientRow> = { updatedAt: now };
      if (name !== undefined) changes.name = name;
      if (defaultProviderId !== undefined) changes.defaultProviderId = defaultProviderId;
      if (isActive !== undefined && isActive !== target.isActive) {
        changes.isActive = isActive;
        changes.deactivatedAt = isActive ? null : now;
      }
      const [updated] = await tx
        .update(schema.clients)
        .set(changes)
        .where(eq(schema.clients.id, target.id))
        .returning();
      if (isSelf && isActive === false) {
        // Deactivating a Master client deactivates its Sub-users.
        await tx
          .update(schema.clients)
          .set({ isActive: false, deactivatedAt: now, updatedAt: now })
          .where(
            and(
              eq(schema.clients.parentId, target.id),
              eq(schema.clients.isActive, true),
              isNotNull(schema.clients.parentId),
            ),
          );
      }
      return { status: 200, data: await loadClientUser(tx, updated!) };
    });
  },

  async createClientUserApiKey({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId);
    if (!target.isActive) {
      throw new ApiError(
        "client_state_conflict",
        "The Sub-user is deactivated; reactivate it before issuing keys.",
      );
    }
    const { apiKey } = await issueKey(db, target.id, input.body.label ?? null, now);
    return { status: 200, data: { apiKey } };
  },

  async replaceClientUserRateLimits({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId);
    const keyIds = new Set(
      (
        await db
          .select({ id: schema.apiKeys.id })
          .from(schema.apiKeys)
          .where(eq(schema.apiKeys.clientId, target.id))
      ).map((k) => k.id),
    );
    const foreign = input.body.rateLimits.flatMap((r, i) =>
      r.apiKeyId !== undefined && !keyIds.has(r.apiKeyId)
        ? [
            {
              location: "body" as const,
              path: `rateLimits.${i}.apiKeyId`,
              message: "is not a key of this Sub-user",
            },
          ]
        : [],
    );
    if (foreign.length) throw validationError(foreign);
    // Replaces the whole set: what is not sent is gone.
    const stored = await db.transaction(async (tx) => {
      await tx.delete(schema.rateLimits).where(eq(schema.rateLimits.clientId, target.id));
      if (input.body.rateLimits.length === 0) return [];
      return tx
        .insert(schema.rateLimits)
        .values(
          input.body.rateLimits.map((r, position) => ({
            id: newId("rl"),
            clientId: target.id,
            position,
            endpointKey: r.endpointKey,
            windowSeconds: r.windowSeconds,
            maxRequests: r.maxRequests,
            apiKeyId: r.apiKeyId ?? null,
            isActive: r.isActive ?? true,
            createdAt: now,
          })),
        )
        .returning();
    });
    return {
      status: 200,
      data: {
        clientId: target.id,
        rateLimits: stored.sort((a, b) => a.position - b.position).map(toStoredRateLimit),
      },
    };
  },

  async getClientUserUsage({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId);
    return { status: 200, data: await usageStatus(db, target, now) };
  },
} satisfies HandlerMap;
