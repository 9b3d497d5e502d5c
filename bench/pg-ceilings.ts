import pg from "pg";

export interface Ceiling {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * What PostgreSQL itself allows on this machine, measured like the HTTP scenarios: `connections`
 * clients in a closed loop for `seconds`, each waiting for its answer before the next statement.
 * `select 1` is the floor of one round trip; a single-row `update … returning` in its own
 * transaction is the floor of one durable commit (synchronous_commit as configured: on).
 */
export async function measureCeilings(
  databaseUrl: string,
  connections: number,
  seconds: number,
): Promise<Ceiling[]> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      return c;
    }),
  );
  try {
    await clients[0]!.query(
      "create table if not exists bench_commit_floor (id int primary key, n bigint not null)",
    );
    await clients[0]!.query(
      "insert into bench_commit_floor select g, 0 from generate_series(0, $1) g on conflict do nothing",
      [connections],
    );
    const loop = async (
      scenario: string,
      statement: (c: pg.Client, i: number) => Promise<unknown>,
    ) => {
      const latencies: number[] = [];
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        clients.map(async (c, i) => {
          while (performance.now() < end) {
            const t0 = performance.now();
            await statement(c, i);
            latencies.push(performance.now() - t0);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return {
        scenario,
        rps: Math.round(latencies.length / seconds),
        p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
        p99: Math.round(percentile(latencies, 0.99) * 10) / 10,
      };
    };
    return [
      await loop("PostgreSQL select 1 (one round trip)", (c) =>
        c.query({ name: "floor_select", text: "select 1" }),
      ),
      await loop("PostgreSQL update … returning (one commit)", (c, i) =>
        c.query({
          name: "floor_commit",
          text: "update bench_commit_floor set n = n + 1 where id = $1 returning n",
          values: [i],
        }),
      ),
    ];
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}
