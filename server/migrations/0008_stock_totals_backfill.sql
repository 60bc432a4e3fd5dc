-- The value of each balance row: the product's pool value split over its warehouses and its units in
-- transit (warehouse_id null) by quantity, largest remainder first, ties in warehouse id order and
-- transit last: the same split as valuation.ts `warehouseValues` (a test compares the two). A filter on
-- product_id reaches inside the window (its partition key), so one product's rows cost one product's work.
CREATE VIEW "stock_balance_values" AS
WITH buckets AS (
  SELECT b."product_id", b."warehouse_id", b."qty" FROM "stock_balances" b
  UNION ALL
  SELECT sp."product_id", NULL::uuid, sp."qty" - coalesce((SELECT sum(b2."qty") FROM "stock_balances" b2 WHERE b2."product_id" = sp."product_id"), 0)::int
  FROM "stock_pools" sp
), split AS (
  SELECT k."product_id", k."warehouse_id", k."qty", coalesce(sp."value", 0) AS pool_value,
    CASE WHEN sp."qty" > 0 THEN div(sp."value"::numeric * k."qty", sp."qty") ELSE 0 END AS part,
    CASE WHEN sp."qty" > 0 THEN mod(sp."value"::numeric * k."qty", sp."qty") ELSE 0 END AS rem
  FROM buckets k LEFT JOIN "stock_pools" sp ON sp."product_id" = k."product_id"
), ranked AS (
  SELECT s.*, row_number() OVER (PARTITION BY s."product_id" ORDER BY s.rem DESC, s."warehouse_id" NULLS LAST) AS rn,
    s.pool_value - sum(s.part) OVER (PARTITION BY s."product_id") AS leftover
  FROM split s
)
SELECT "product_id", "warehouse_id", "qty", (part + CASE WHEN rn <= leftover THEN 1 ELSE 0 END)::bigint AS "value" FROM ranked;
--> statement-breakpoint
-- The running totals of 0007 start from the balances already posted (shard 0); the engine keeps them from here.
INSERT INTO "stock_totals" ("warehouse_id", "shard", "rows", "qty", "value")
SELECT v."warehouse_id", 0, count(*) FILTER (WHERE v."qty" > 0), coalesce(sum(v."qty"), 0), coalesce(sum(v."value"), 0)
FROM "stock_balance_values" v WHERE v."warehouse_id" IS NOT NULL
GROUP BY v."warehouse_id"
ON CONFLICT ("warehouse_id", "shard") DO NOTHING;
