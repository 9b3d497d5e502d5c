-- In-progress records were left by requests that crashed before this version; none of them holds a result.
DELETE FROM "idempotency_records" WHERE "state" <> 'completed';--> statement-breakpoint
ALTER TABLE "idempotency_records" DROP COLUMN "state";
