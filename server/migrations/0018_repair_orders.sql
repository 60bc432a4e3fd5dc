CREATE TABLE "device_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"group" text NOT NULL,
	"limit_hours" integer,
	"next" uuid[] DEFAULT '{}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"text" text,
	"for_client" boolean DEFAULT false NOT NULL,
	"from_status_id" uuid,
	"to_status_id" uuid,
	"amount" bigint
);
--> statement-breakpoint
CREATE TABLE "repair_order_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"qty" integer NOT NULL,
	"price" bigint NOT NULL,
	"serial" text,
	"warranty_days" integer DEFAULT 0 NOT NULL,
	"written_off" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_order_works" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"qty" integer NOT NULL,
	"engineer_id" uuid,
	"warranty_days" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status_id" uuid NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"overdue_at" timestamp with time zone,
	"client_id" uuid NOT NULL,
	"device_type" text NOT NULL,
	"device_brand" text NOT NULL,
	"device_model" text NOT NULL,
	"imei" text,
	"serial" text,
	"appearance" text,
	"kit" text,
	"malfunction" text NOT NULL,
	"estimate" bigint,
	"due_at" timestamp with time zone,
	"urgent" boolean DEFAULT false NOT NULL,
	"manager_id" uuid,
	"engineer_id" uuid,
	"author_id" uuid,
	"warranty_of_id" uuid,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_document_id_stock_documents_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_serials" DROP CONSTRAINT "stock_serials_document_id_stock_documents_id_fk";
--> statement-breakpoint
ALTER TABLE "repair_order_events" ADD CONSTRAINT "repair_order_events_order_id_repair_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_events" ADD CONSTRAINT "repair_order_events_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_events" ADD CONSTRAINT "repair_order_events_from_status_id_order_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_events" ADD CONSTRAINT "repair_order_events_to_status_id_order_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_parts" ADD CONSTRAINT "repair_order_parts_order_id_repair_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_parts" ADD CONSTRAINT "repair_order_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_parts" ADD CONSTRAINT "repair_order_parts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_payments" ADD CONSTRAINT "repair_order_payments_order_id_repair_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_payments" ADD CONSTRAINT "repair_order_payments_operation_id_cash_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."cash_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_works" ADD CONSTRAINT "repair_order_works_order_id_repair_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_works" ADD CONSTRAINT "repair_order_works_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_order_works" ADD CONSTRAINT "repair_order_works_engineer_id_employees_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_status_id_order_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_manager_id_employees_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_engineer_id_employees_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_warranty_of_id_repair_orders_id_fk" FOREIGN KEY ("warranty_of_id") REFERENCES "public"."repair_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_models_unique" ON "device_models" USING btree (lower("type"),lower("brand"),lower("model"));--> statement-breakpoint
CREATE UNIQUE INDEX "order_statuses_name_unique" ON "order_statuses" USING btree (lower("name")) WHERE "order_statuses"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "repair_order_events_order_idx" ON "repair_order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "repair_order_parts_order_idx" ON "repair_order_parts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "repair_order_parts_serial_idx" ON "repair_order_parts" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_order_parts_serial_open" ON "repair_order_parts" USING btree ("product_id","serial") WHERE "repair_order_parts"."serial" is not null and not "repair_order_parts"."written_off";--> statement-breakpoint
CREATE INDEX "repair_order_payments_order_idx" ON "repair_order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "repair_order_payments_operation_idx" ON "repair_order_payments" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "repair_order_works_order_idx" ON "repair_order_works" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_orders_number_unique" ON "repair_orders" USING btree ("location_id","number");--> statement-breakpoint
CREATE INDEX "repair_orders_location_created_idx" ON "repair_orders" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "repair_orders_working_idx" ON "repair_orders" USING btree ("location_id","status_changed_at") WHERE not "repair_orders"."finished";--> statement-breakpoint
CREATE INDEX "repair_orders_status_idx" ON "repair_orders" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "repair_orders_engineer_idx" ON "repair_orders" USING btree ("engineer_id");--> statement-breakpoint
CREATE INDEX "repair_orders_client_idx" ON "repair_orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "repair_orders_overdue_idx" ON "repair_orders" USING btree ("location_id","overdue_at") WHERE "repair_orders"."overdue_at" is not null;--> statement-breakpoint
CREATE INDEX "repair_orders_imei_idx" ON "repair_orders" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "repair_orders_serial_idx" ON "repair_orders" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "repair_orders_warranty_idx" ON "repair_orders" USING btree ("warranty_of_id");