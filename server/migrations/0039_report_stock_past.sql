CREATE TABLE "report_stock_past" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"qty" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_stock_past_day_scope_pk" PRIMARY KEY("day","scope")
);--> statement-breakpoint
-- The stock report's totals at the end of a past day, kept once replayed from the ledger (the comparison
-- with a month before; server/docs/reports.md «Stock»). The ledger before a past day does not change, as a
-- posting writes its rows at its own moment; a row written with an earlier moment (a data load, a restore
-- of part of the ledger) drops every kept day from its own Moscow day on, in the statement that writes it.
CREATE FUNCTION "report_stock_past_drop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_stock_past" WHERE "day" >= (SELECT min(("at" AT TIME ZONE 'Europe/Moscow')::date) FROM "new_rows");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_past_drop" AFTER INSERT ON "stock_movements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_stock_past_drop"();
