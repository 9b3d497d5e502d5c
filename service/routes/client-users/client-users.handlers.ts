import { ApiError, ok } from "../../core";
import { type HandlerMap } from "../../context";
import {
  createClient,
  detailOf,
  issueApiKey,
  keyIdsOf,
  ownedClient,
  replaceRateLimits,
  subUserListChangedSince,
  subUserListVersion,
  subUserCount,
  subUserListRows,
  updateClient,
} from "../../domain/clients";
import { usageStatus } from "../../domain/usage";
import { ensureContract } from "../../pipeline/response";
import { validationError } from "../../pipeline/validate";
import {
  toClientUser,
  toClientUserList,
  toIssuedKey,
  toStoredRateLimit,
} from "./client-user.representation";
import { keptSubUserList, subUserListTag, tagMatches } from "./streamed-sub-user-list";
import { patchedSubUserList, subUserListBody, type SubUserListParts } from "./kept-sub-user-list";

/** More Sub-users changed since the kept list than this, and the whole list is read again. */
const PATCH_LIMIT = 500;

export const clientUserHandlers = {
  async listClientUsers({ db, conn, caller, service, operationId, header }) {
    const masterId = caller.client.id;
    // The version first: a change committed after it only makes the list built below newer than
    // its version (and tag), and the next read sees the moved version and reads it again.
    const version = await subUserListVersion(db, masterId);
    const headers = { ETag: subUserListTag(masterId, version) };
    if (tagMatches(header("if-none-match"), headers.ETag)) return { status: 304, headers };
    const kept = service.subUserLists.peek(masterId);
    if (kept?.version === version) return { status: 200, checkedBody: kept.body, headers };
    if ((await subUserCount(conn, masterId)) > service.config.subUserListKeepLimit) {
      service.subUserLists.delete(masterId);
      return {
        status: 200,
        checkedStream: await keptSubUserList(service, masterId, version, operationId),
        headers,
      };
    }
    const endBuild = await service.listBuilds.take();
    try {
      // Built by another call while this one waited its turn.
      const start = service.subUserLists.peek(masterId);
      if (start?.version === version) return { status: 200, checkedBody: start.body, headers };
      const changed =
        start && (await subUserListChangedSince(conn, masterId, start.version, PATCH_LIMIT));
      const rows = await subUserListRows(conn, masterId, { only: changed });
      const clientUsers = toClientUserList(rows, masterId);
      // Checked as the answer it becomes part of: the Sub-users read, in the list's shape.
      ensureContract(operationId, 200, { clientUsers }, service.log);
      const read: SubUserListParts = {
        ids: rows.clients.map((row) => row[0]),
        createdUs: rows.clients.map((row) => row[7]),
        entries: clientUsers.map((user) => JSON.stringify(user)),
      };
      const parts = changed ? patchedSubUserList(start!.parts, changed, read) : read;
      const body = subUserListBody(parts);
      // Its body and its entries, each up to two bytes a character (measured: 0.67 to 1.14
      // times the heap a list takes with its ids).
      service.subUserLists.set(masterId, { version, body, parts }, body.length * 4);
      if (changed) service.subUserLists.patches++;
      return { status: 200, checkedBody: body, headers };
    } finally {
      endBuild();
    }
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
    return ok({ ...toClientUser(await detailOf(db, client)), apiKey });
  },

  async updateClientUser({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId, true);
    const updated = await updateClient(db, target, input.body, now);
    return ok(toClientUser(await detailOf(db, updated)));
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
    return ok({ apiKey });
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
    return ok({ clientId: target.id, rateLimits: stored.map(toStoredRateLimit) });
  },

  async getClientUserUsage({ db, caller, input, now }) {
    const target = await ownedClient(db, caller, input.params.clientId);
    return ok(await usageStatus(db, target, now));
  },
} satisfies HandlerMap;
