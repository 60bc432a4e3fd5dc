-- The repairs and cash-flow reports (issue #23, server/docs/reports.md «Repairs», «Cash flow»). The table
-- report_repair_days is hand SQL here, not in the Drizzle schema (the lead's schema was fixed in 0034).
--
-- 1. repair_orders.ready_at / works_total / parts_cost (columns of 0034) are kept by the orders service in
--    the order's own transactions; existing orders get them here, as the service would have written them
--    (the same statement as `fillReportColumns` in src/modules/orders/repository.ts):
--      ready_at    = the first status event into a status of the group «ready»;
--      works_total = Σ price × qty of the order's works;
--      parts_cost  = −Σ value of the order's stock ledger rows (document_type 'repair_order'), issued orders
--                    only (null while not issued).
--    One UPDATE, only of the rows it changes (most orders have works; a row is rewritten once, not thrice).
UPDATE "repair_orders" o SET "ready_at" = v."ready_at", "works_total" = v."works_total", "parts_cost" = v."parts_cost"
FROM (
  SELECT x."id", r."at" AS "ready_at", coalesce(w."amount", 0)::bigint AS "works_total",
    CASE WHEN x."issued_at" IS NOT NULL THEN coalesce(m."cost", 0)::bigint END AS "parts_cost"
  FROM "repair_orders" x
  LEFT JOIN (
    SELECT e."order_id", min(e."at") AS "at" FROM "repair_order_events" e JOIN "order_statuses" s ON s."id" = e."to_status_id"
    WHERE e."kind" = 'status' AND s."group" = 'ready' GROUP BY 1
  ) r ON r."order_id" = x."id"
  LEFT JOIN (SELECT "order_id", sum("price" * "qty") AS "amount" FROM "repair_order_works" GROUP BY 1) w ON w."order_id" = x."id"
  LEFT JOIN (SELECT "document_id", -sum("value") AS "cost" FROM "stock_movements" WHERE "document_type" = 'repair_order' GROUP BY 1) m ON m."document_id" = x."id"
) v
WHERE o."id" = v."id" AND (o."ready_at", o."works_total", o."parts_cost") IS DISTINCT FROM (v."ready_at", v."works_total", v."parts_cost");--> statement-breakpoint
--
-- The repairs report's summary, report_repair_days: per shop, Moscow day, status and engineer (the all-zero
-- uuid for none), what the report sums. An order contributes
--   accepted +1 on the day it was created, under its current status and engineer;
--   when issued, on the day of the issue, under the same: issued +1, ready_n +1 and ready_ms (ms from intake
--   to ready_at) when it has ready_at, issue_ms (ms from intake to issue), works (works_total), margin
--   (total − works_total − parts_cost: the parts' price less their cost in the stock ledger).
-- A month of the bench's 200k orders (100k of them) read from the orders themselves, even through covering
-- indexes, costs ~100 ms per read on the bench machine; from this table it is a few hundred rows.
-- Kept by the database: a row-level trigger on repair_orders takes the row's old contribution out and adds
-- the new one. It is a constraint trigger deferred to the commit (as sales_hourly, 0028), so that a
-- transaction locks the summary rows last, after its stock pools, cashboxes and the order itself: an intake
-- with a prepayment and an issue of the shop cannot deadlock on them. Only changes of the columns it reads
-- fire it. Every writer keeps it: the orders service, the demo seeder, the benches' generators.
CREATE TABLE "report_repair_days" (
  "location_id" uuid NOT NULL REFERENCES "locations"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "status_id" uuid NOT NULL,
  "engineer_key" uuid NOT NULL,
  "accepted" integer DEFAULT 0 NOT NULL,
  "issued" integer DEFAULT 0 NOT NULL,
  "ready_n" integer DEFAULT 0 NOT NULL,
  "ready_ms" bigint DEFAULT 0 NOT NULL,
  "issue_ms" bigint DEFAULT 0 NOT NULL,
  "works" bigint DEFAULT 0 NOT NULL,
  "margin" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "report_repair_days_pk" PRIMARY KEY ("location_id", "day", "status_id", "engineer_key")
-- Few rows, each rewritten by every change of its orders: room on the page keeps the updates HOT (no new
-- index entry each time; the bench's 200k orders left 140k dead index entries for 457 rows at 100 %).
) WITH (fillfactor = 50);--> statement-breakpoint
-- One order row's contribution, signed (s = 1 adds it, −1 takes it out); none for a null row (OLD of an insert).
CREATE FUNCTION "report_repair_days_of"(r "repair_orders", s integer)
RETURNS TABLE ("location_id" uuid, "day" date, "status_id" uuid, "engineer_key" uuid, "accepted" integer, "issued" integer, "ready_n" integer, "ready_ms" bigint, "issue_ms" bigint, "works" bigint, "margin" bigint)
LANGUAGE sql STABLE AS $$
  SELECT r."location_id", (r."created_at" AT TIME ZONE 'Europe/Moscow')::date, r."status_id", coalesce(r."engineer_id", '00000000-0000-0000-0000-000000000000'::uuid),
    s, 0, 0, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  WHERE r."id" IS NOT NULL
  UNION ALL
  SELECT r."location_id", (r."issued_at" AT TIME ZONE 'Europe/Moscow')::date, r."status_id", coalesce(r."engineer_id", '00000000-0000-0000-0000-000000000000'::uuid),
    0, s, CASE WHEN r."ready_at" IS NULL THEN 0 ELSE s END,
    s * coalesce(round(extract(epoch FROM r."ready_at" - r."created_at") * 1000), 0)::bigint,
    s * round(extract(epoch FROM r."issued_at" - r."created_at") * 1000)::bigint,
    s * r."works_total", s * (r."total" - r."works_total" - coalesce(r."parts_cost", 0))
  WHERE r."id" IS NOT NULL AND r."issued_at" IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "report_repair_days_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_repair_days" AS d ("location_id", "day", "status_id", "engineer_key", "accepted", "issued", "ready_n", "ready_ms", "issue_ms", "works", "margin")
  SELECT c."location_id", c."day", c."status_id", c."engineer_key", sum(c."accepted"), sum(c."issued"), sum(c."ready_n"), sum(c."ready_ms"), sum(c."issue_ms"), sum(c."works"), sum(c."margin")
  FROM (
    SELECT * FROM "report_repair_days_of"(OLD, -1) WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT * FROM "report_repair_days_of"(NEW, 1) WHERE TG_OP <> 'DELETE'
  ) c
  GROUP BY 1, 2, 3, 4
  HAVING (sum(c."accepted"), sum(c."issued"), sum(c."ready_n"), sum(c."ready_ms"), sum(c."issue_ms"), sum(c."works"), sum(c."margin")) <> (0, 0, 0, 0, 0, 0, 0)
  -- The rows of one change are locked in key order.
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("location_id", "day", "status_id", "engineer_key") DO UPDATE SET
    "accepted" = d."accepted" + excluded."accepted", "issued" = d."issued" + excluded."issued", "ready_n" = d."ready_n" + excluded."ready_n",
    "ready_ms" = d."ready_ms" + excluded."ready_ms", "issue_ms" = d."issue_ms" + excluded."issue_ms", "works" = d."works" + excluded."works", "margin" = d."margin" + excluded."margin";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_repair_days_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_repair_days";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The summary recounted from the orders, written apart from the trigger's function (the tests compare the
-- kept summary with it, so a flaw in either shows); order changes wait while it runs.
CREATE FUNCTION "report_repair_days_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "repair_orders" IN SHARE MODE;
  DELETE FROM "report_repair_days";
  INSERT INTO "report_repair_days" ("location_id", "day", "status_id", "engineer_key", "accepted", "issued", "ready_n", "ready_ms", "issue_ms", "works", "margin")
  SELECT "location_id", "day", "status_id", "engineer_key", sum("accepted"), sum("issued"), sum("ready_n"), sum("ready_ms"), sum("issue_ms"), sum("works"), sum("margin")
  FROM (
    SELECT "location_id", ("created_at" AT TIME ZONE 'Europe/Moscow')::date AS "day", "status_id", coalesce("engineer_id", '00000000-0000-0000-0000-000000000000'::uuid) AS "engineer_key",
      count(*) AS "accepted", 0 AS "issued", 0 AS "ready_n", 0 AS "ready_ms", 0 AS "issue_ms", 0 AS "works", 0 AS "margin"
    FROM "repair_orders" GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT "location_id", ("issued_at" AT TIME ZONE 'Europe/Moscow')::date, "status_id", coalesce("engineer_id", '00000000-0000-0000-0000-000000000000'::uuid),
      0, count(*), count("ready_at"), coalesce(sum(round(extract(epoch FROM "ready_at" - "created_at") * 1000)), 0), sum(round(extract(epoch FROM "issued_at" - "created_at") * 1000)),
      sum("works_total"), sum("total" - "works_total" - coalesce("parts_cost", 0))
    FROM "repair_orders" WHERE "issued_at" IS NOT NULL GROUP BY 1, 2, 3, 4
  ) x
  GROUP BY 1, 2, 3, 4;
END
$$;--> statement-breakpoint
SELECT "report_repair_days_rebuild"();--> statement-breakpoint
ANALYZE "report_repair_days";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "report_repair_days_ins_del" AFTER INSERT OR DELETE ON "repair_orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "report_repair_days_sync"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "report_repair_days_upd" AFTER UPDATE ON "repair_orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."location_id", OLD."created_at", OLD."status_id", OLD."engineer_id", OLD."issued_at", OLD."ready_at", OLD."total", OLD."works_total", OLD."parts_cost")
    IS DISTINCT FROM (NEW."location_id", NEW."created_at", NEW."status_id", NEW."engineer_id", NEW."issued_at", NEW."ready_at", NEW."total", NEW."works_total", NEW."parts_cost"))
  EXECUTE FUNCTION "report_repair_days_sync"();--> statement-breakpoint
CREATE TRIGGER "report_repair_days_truncate" AFTER TRUNCATE ON "repair_orders" FOR EACH STATEMENT EXECUTE FUNCTION "report_repair_days_truncate"();--> statement-breakpoint
-- The overdue working orders of the report: counted index-only, the most overdue read in order per shop.
CREATE INDEX "repair_orders_report_overdue_idx" ON "repair_orders" USING btree ("location_id", "overdue_at") WHERE "overdue_at" IS NOT NULL AND NOT "finished";--> statement-breakpoint
--
-- 2. report_cash_days: per cashbox, Moscow day and category key, the cash ledger's income and expense with
--    red storno (a cancellation row reduces the side it reverses, as cash_balances.total_in / total_out):
--    a row is income when (amount > 0) <> cancellation, else expense (−amount). The key: the category's id;
--    'transfer' for a transfer between cashboxes (they never have a category); '-' for none.
--    Kept by the database in the transaction that writes cash_movements (a statement-level trigger over the
--    inserted rows: the ledger is insert-only), so every writer keeps it: the engine, the demo seeders, the
--    bench's set-based generator. The engine has locked the balance rows of every cashbox it writes before
--    the insert, so two postings never meet on a summary row out of order (no deadlock). The key looks the
--    operation up only for rows without a category, and is written out in both places rather than in a SQL
--    function: one with a sub-select is not inlined, and its call per row tripled the trigger's cost.
CREATE FUNCTION "report_cash_days_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_cash_days" AS d ("cashbox_id", "day", "category_key", "income", "expense")
  SELECT m."cashbox_id", (m."at" AT TIME ZONE 'Europe/Moscow')::date, CASE WHEN m."category_id" IS NOT NULL THEN m."category_id"::text
      WHEN EXISTS (SELECT 1 FROM "cash_operations" o WHERE o."id" = m."operation_id" AND o."kind" = 'transfer') THEN 'transfer' ELSE '-' END,
    coalesce(sum(m."amount") FILTER (WHERE (m."amount" > 0) <> m."cancellation"), 0),
    coalesce(-sum(m."amount") FILTER (WHERE (m."amount" > 0) = m."cancellation"), 0)
  FROM "new_rows" m
  GROUP BY 1, 2, 3
  -- A summary row is locked in (cashbox, day, key) order within the statement.
  ORDER BY 1, 2, 3
  ON CONFLICT ("cashbox_id", "day", "category_key") DO UPDATE SET "income" = d."income" + excluded."income", "expense" = d."expense" + excluded."expense";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_cash_days_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_cash_days";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The summary recounted from the ledger (tests compare the kept one with it; a repair after a bulk load
-- with triggers off). Inserts into the ledger wait while it runs.
CREATE FUNCTION "report_cash_days_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "cash_movements" IN SHARE MODE;
  DELETE FROM "report_cash_days";
  INSERT INTO "report_cash_days" ("cashbox_id", "day", "category_key", "income", "expense")
  SELECT m."cashbox_id", (m."at" AT TIME ZONE 'Europe/Moscow')::date, CASE WHEN m."category_id" IS NOT NULL THEN m."category_id"::text
      WHEN EXISTS (SELECT 1 FROM "cash_operations" o WHERE o."id" = m."operation_id" AND o."kind" = 'transfer') THEN 'transfer' ELSE '-' END,
    coalesce(sum(m."amount") FILTER (WHERE (m."amount" > 0) <> m."cancellation"), 0),
    coalesce(-sum(m."amount") FILTER (WHERE (m."amount" > 0) = m."cancellation"), 0)
  FROM "cash_movements" m
  GROUP BY 1, 2, 3;
END
$$;--> statement-breakpoint
SELECT "report_cash_days_rebuild"();--> statement-breakpoint
ANALYZE "report_cash_days";--> statement-breakpoint
CREATE TRIGGER "report_cash_days_ins" AFTER INSERT ON "cash_movements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_cash_days_ins"();--> statement-breakpoint
CREATE TRIGGER "report_cash_days_truncate" AFTER TRUNCATE ON "cash_movements" FOR EACH STATEMENT EXECUTE FUNCTION "report_cash_days_truncate"();
