import { type HandlerMap } from "../../context";
import {
  createClient,
  detailOf,
  issueApiKey,
  keyIdsOf,
  ownedClient,
  replaceRateLimits,
  subUserListVersion,
  subUserListRows,
  updateClient,
} from "../../domain/clients";
import { usageStatus } from "../../domain/usage";
import { ApiError } from "../../pipeline/api-error";
import { validationError } from "../../pipeline/validate";
import {
  toClientUser,
  toClientUserList,
  toIssuedKey,
  toStoredRateLimit,
} from "./client-user.representation";

export const clientUserHandlers = {
  async listClientUsers({ db, conn, caller, service }) {
    const masterId = caller.client.id;
    // The version first: a change committed after it only makes the kept list newer than its
    // version, and the next read sees the moved version and builds the list again.
    const version = await subUserListVersion(db, masterId);
    const kept = service.subUserLists.get(masterId, version);
    if (kept !== undefined) return { status: 200, checkedBody: kept };
    const clientUsers = toClientUserList(await subUserListRows(conn, masterId), masterId);
    return {
      status: 200,
      data: { clientUsers },
      keepBody: (body) => service.subUserLists.set(masterId, version, body),
    };
  },

  async createClientUser({ db, caller, input, now }) {
    const client = await createClient(
      db,
      {
        name: input.body.name,
        parent: caller.client,
        defaultProviderId: input.body.defaultProviderId ?? null,
      },
      now,
    );
    const apiKey = toIssuedKey(await issueApiKey(db, client.id, null, now));
    return { status: 200, data: { ...toClientUser(await detailOf(db, client)), apiKey } };
  },

  async updateClientUser({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId, true);
    const updated = await updateClient(db, target, input.body, now);
    return { status: 200, data: toClientUser(await detailOf(db, updated)) };
  },

  async createClientUserApiKey({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId);
    if (!target.isActive) {
      throw new ApiError(
        "client_state_conflict",
        "The Sub-user is deactivated; reactivate it before issuing keys.",
      );
    }
    const apiKey = toIssuedKey(await issueApiKey(db, target.id, input.body.label ?? null, now));
    return { status: 200, data: { apiKey } };
  },

  async replaceClientUserRateLimits({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId);
    const keyIds = await keyIdsOf(db, target.id);
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
    const stored = await replaceRateLimits(db, target.id, input.body.rateLimits, now);
    return {
      status: 200,
      data: { clientId: target.id, rateLimits: stored.map(toStoredRateLimit) },
    };
  },

  async getClientUserUsage({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId);
    return { status: 200, data: await usageStatus(db, target, now) };
  },
} satisfies HandlerMap;
