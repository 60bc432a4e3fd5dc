DROP INDEX "sales_location_posted_idx";--> statement-breakpoint
CREATE INDEX "sales_location_day_idx" ON "sales" USING btree ("location_id",coalesce("posted_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "sales_number_prefix_idx" ON "sales" USING btree ("location_id","number" text_pattern_ops);