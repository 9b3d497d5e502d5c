import pg from "pg";

/** A paying Sub-user a benchmark made: its Client, its key's id and the key itself. */
export interface BenchPayer {
  clientId: string;
  keyId: string;
  key: string;
}

/**
 * `count` Sub-users of the Master whose key is `masterKey`, made through the service at
 * `serviceUrl` (one per load connection: the service allows one active request per Client),
 * each given a balance that never runs out. That is a provider credit posting, which has no
 * public operation, so it is written in the service's database at `databaseUrl`. With
 * `unlimited`, each also gets a rate-limit rule out of the way (a benchmark measures work, not
 * refusals) where the service's default limit was not raised for it.
 */
export async function makePayers(opts: {
  serviceUrl: string;
  masterKey: string;
  databaseUrl: string;
  count: number;
  name: string;
  unlimited?: boolean;
}): Promise<BenchPayer[]> {
  const send = async (method: string, url: string, body: unknown) => {
    const res = await fetch(`${opts.serviceUrl}${url}`, {
      method,
      headers: { "X-Api-Key": opts.masterKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id: string; apiKey: { id: string; key: string } }>;
  };
  const payers: BenchPayer[] = [];
  for (let i = 0; i < opts.count; i++) {
    const sub = await send("POST", "/client/users", { name: `${opts.name} ${i}` });
    if (opts.unlimited)
      await send("PUT", `/client/users/${sub.id}/rate-limits`, {
        rateLimits: [{ endpointKey: "*", windowSeconds: 1, maxRequests: 1_000_000 }],
      });
    payers.push({ clientId: sub.id, keyId: sub.apiKey.id, key: sub.apiKey.key });
  }
  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  try {
    await db.query("update clients set balance_minor = 1000000000 where id = any($1)", [
      payers.map((p) => p.clientId),
    ]);
  } finally {
    await db.end();
  }
  return payers;
}
