import { sql } from "drizzle-orm";
import { type Db, schema } from "../db/database";

/**
 * Refunds a recorded charge, once: marks its usage event refunded and gives the amount back to
 * whoever paid. A failed job and an answer that could not be handed over end this way.
 */
export async function refundCharge(db: Db, eventId: number): Promise<boolean> {
  const result = await db.execute(sql`
    with refunded as (
      update ${schema.usageEvents} set status = 'refunded', pending_delivery = false
       where id = ${eventId} and status = 'charged'
      returning payer_client_id, amount_minor),
    credited as (
      update ${schema.clients} set balance_minor = balance_minor + refunded.amount_minor
        from refunded where ${schema.clients.id} = refunded.payer_client_id and refunded.amount_minor > 0)
    select count(*)::int as n from refunded`);
  return (result.rows[0] as { n: number } | undefined)?.n === 1;
}
