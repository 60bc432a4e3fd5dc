CREATE TABLE "report_stock_snapshot_pools" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"qty" integer NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"wh_qty" integer NOT NULL,
	"wh_value" bigint DEFAULT 0 NOT NULL,
	"last_sale_at" timestamp with time zone,
	"wh_ids" uuid[] NOT NULL,
	"wh_qtys" integer[] NOT NULL,
	"wh_values" bigint[] NOT NULL,
	CONSTRAINT "report_stock_snapshot_pools_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_stock_snapshot_totals" (
	"day" date NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"qty" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_stock_snapshot_totals_day_warehouse_id_pk" PRIMARY KEY("day","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "report_stock_snapshots" (
	"day" date PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"goods" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_stock_snapshot_pools" ADD CONSTRAINT "report_stock_snapshot_pools_day_report_stock_snapshots_day_fk" FOREIGN KEY ("day") REFERENCES "public"."report_stock_snapshots"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_stock_snapshot_totals" ADD CONSTRAINT "report_stock_snapshot_totals_day_report_stock_snapshots_day_fk" FOREIGN KEY ("day") REFERENCES "public"."report_stock_snapshots"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A ledger row written with an earlier moment (a data load) drops the stock report's kept past totals and
-- its snapshots from that row's Moscow day on (server/docs/reports.md «Stock»), as 0039 did for the totals.
CREATE OR REPLACE FUNCTION "report_stock_past_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_day date := (SELECT min(("at" AT TIME ZONE 'Europe/Moscow')::date) FROM "new_rows");
BEGIN
  DELETE FROM "report_stock_past" WHERE "day" >= first_day;
  DELETE FROM "report_stock_snapshots" WHERE "day" >= first_day;
  RETURN NULL;
END
$$;
