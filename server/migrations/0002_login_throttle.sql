ALTER TABLE "login_failures" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_created_idx" ON "login_failures" USING btree ("created_at");