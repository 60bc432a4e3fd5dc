DROP INDEX "repair_orders_working_idx";--> statement-breakpoint
CREATE INDEX "repair_orders_working_created_idx" ON "repair_orders" USING btree ("location_id","created_at") WHERE not "repair_orders"."finished";--> statement-breakpoint
CREATE INDEX "repair_orders_location_status_idx" ON "repair_orders" USING btree ("location_id","status_id","created_at");--> statement-breakpoint
CREATE INDEX "repair_orders_number_trgm_idx" ON "repair_orders" USING gin ("number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "repair_orders_imei_trgm_idx" ON "repair_orders" USING gin ("imei" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "stock_document_lines_serials_idx" ON "stock_document_lines" USING gin ("serials");--> statement-breakpoint
CREATE INDEX "repair_orders_working_idx" ON "repair_orders" USING btree ("location_id","status_id","status_changed_at") WHERE not "repair_orders"."finished";