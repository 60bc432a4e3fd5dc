CREATE TABLE "report_cash_days" (
	"cashbox_id" uuid NOT NULL,
	"day" date NOT NULL,
	"category_key" text NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	"expense" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_cash_days_cashbox_id_day_category_key_pk" PRIMARY KEY("cashbox_id","day","category_key")
);
--> statement-breakpoint
CREATE TABLE "report_sales_days" (
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"employee_key" uuid NOT NULL,
	"category_key" uuid NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL,
	"return_cost" bigint DEFAULT 0 NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"category_checks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_sales_days_location_id_day_employee_key_category_key_pk" PRIMARY KEY("location_id","day","employee_key","category_key")
);
--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "works_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "parts_cost" bigint;--> statement-breakpoint
ALTER TABLE "stock_pools" ADD COLUMN "last_sale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_cash_days" ADD CONSTRAINT "report_cash_days_cashbox_id_cashboxes_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sales_days" ADD CONSTRAINT "report_sales_days_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_orders_location_issued_idx" ON "repair_orders" USING btree ("location_id","issued_at") WHERE "repair_orders"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_at_idx" ON "stock_movements" USING btree ("at");