ALTER TABLE "cash_balances" ADD COLUMN "rows" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_balances" ADD COLUMN "total_in" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_balances" ADD COLUMN "total_out" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cash_operations_to_location_idx" ON "cash_operations" USING btree ("to_location_id","at") WHERE "cash_operations"."to_location_id" is not null;