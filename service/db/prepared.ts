import type pg from "pg";

/**
 * A named prepared statement for the per-request hot path (authentication, rate counters, the
 * Client lock, billing). PostgreSQL parses and plans it once per connection; Node builds no
 * query. Everything else uses Drizzle.
 */
export function prepared<Row extends object>(name: string, text: string) {
  return async (conn: pg.ClientBase, values: unknown[]): Promise<Row[]> => {
    const result = await conn.query<Row>({ name, text, values });
    return result.rows;
  };
}
