-- The sales and stock reports (issue #23, server/docs/reports.md «Sales», «Stock»).
--
-- 1. report_sales_days (table of 0034): per shop, Moscow day, seller and product category, what the posted
--    sales and the customer returns of that day add up to. Kept by the database in the transactions that
--    write `sales`, `sale_lines`, `sale_returns` and `sale_return_lines`, whoever writes them (the service,
--    the demo seeder, the bench's set-based generator, a hand-written fix), never by the code.
--
--    What a posted sale S with lines L contributes, G(S, L), at (S's shop, the Moscow day of posted_at, S's
--    seller or the zero uuid, the line's product's category or the zero uuid):
--      - per category of its lines: sales += Σ line totals, cost += Σ line cost, category_checks += 1;
--      - on the category of its first line (least position, then id; the zero uuid with no lines): checks
--        += 1 and sales += S.total − Σ line totals (nothing when they agree, as they do; so the report's
--        revenue equals the journal's Σ sales.total whatever the rows say).
--    A sale that is not posted contributes nothing: a cancelled sale leaves its day.
--    What a customer return R contributes, at (R's shop, the Moscow day of created_at, the seller of R's
--    sale, the category of the line's product): returns += line amount, return_cost += line value; and
--    returns += R.amount − Σ line amounts on the zero category (again nothing when they agree).
--    The category is the product's at the moment the posting (or return) commits; a product moved to
--    another category later keeps its past sales where they were (the rebuild files them under today's).
--
--    How it is kept: each write of those tables stages, in a statement-level trigger (transition tables:
--    one statement for a 50 000-row insert), the rows it changed with their image *before the change*
--    into report_sales_pending; at the commit (a deferred constraint trigger) the staged rows are taken
--    out and, for every sale and return they touch, the contribution before the transaction (the first
--    staged image of each row, or the row as it is when the transaction did not change it) is taken off
--    and the contribution now is added: G(S1, L1) − G(S0, L0). That is exact whatever the order of the
--    writes (a sale inserted posted before its lines, its lines' cost written after the status, lines and
--    sale in one statement, a sale deleted with its lines cascading, a return's lines, a seller changed),
--    and it writes the summary once per transaction, its rows locked in key order. Lines inserted are
--    staged one row per sale (their ids), so a bulk load of sales with their lines stages about a row
--    per sale: the bench's generator of 100 000 sales took 82 s with these triggers and 87 s without
--    them (plus 13 s for the rebuild), on a shared two-core machine.
--    The deferral matters for locks as in 0028: a posting locks its stock pools and cashboxes first and
--    the summary rows only at its commit. The commit's flush is also fired by a row-level constraint
--    trigger on `sales` whose name sorts before sales_hourly's, so in every transaction the summary rows
--    are locked before the journal's hour: the two summaries cannot deadlock against each other either.
--    A transaction that stages nothing pays one statement-level trigger call per write.
--
-- 2. stock_pools.last_sale_at (column of 0034): the last moment units of the product went out to a sale
--    or a repair order (ledger rows of document_type 'sale' or 'repair_order', qty < 0, not a
--    cancellation row); kept by a statement-level trigger on the ledger's inserts (the ledger is
--    insert-only; the posting has locked the pool already). A partial index serves the same question at
--    a past date (the last such row before it).

CREATE TABLE "report_sales_pending" (
	-- The staging order: a row's first image in a transaction is its state before the transaction.
	"seq" bigserial NOT NULL,
	-- 's' sale, 'l' sale line changed or deleted, 'n' sale lines inserted, 'r' return, 't' return line.
	"kind" text NOT NULL,
	"id" uuid NOT NULL,
	-- The row existed before the change (the image below is it); false: the change inserted it.
	"existed" boolean NOT NULL,
	-- The first row a statement stages queues the commit's flush.
	"flush" boolean NOT NULL DEFAULT false,
	-- The row's parent after the change ('l' sale_id, 'r' sale_id, 't' return_id; null: deleted).
	"parent_now" uuid,
	-- 'n': the lines one statement inserted into the sale `id` (one row per sale, not per line).
	"ids" uuid[],
	-- The image: the parent ('l' sale_id, 'r' sale_id, 't' return_id) and the fields that count.
	"parent_id" uuid,
	"status" text,
	"location_id" uuid,
	-- 's' coalesce(posted_at, created_at), 'r' created_at.
	"at" timestamp with time zone,
	"employee_id" uuid,
	"product_id" uuid,
	"position" integer,
	-- 's' total, 'l' total, 'r' amount, 't' amount.
	"amount" bigint,
	-- 'l' cost, 't' value.
	"cost" bigint
);--> statement-breakpoint
-- The flush: G(S1, L1) − G(S0, L0) for the sales and returns the staged rows touch. Every read of the
-- journal's tables is a lateral probe of an index by key (fenced with OFFSET 0 so it is never turned into
-- a join over the whole table), every join between the staged sets a hash join (enable_nestloop off: the
-- staged sets' sizes are unknown to a cached plan), so its cost follows the rows staged, never the size of
-- the tables. No JIT: the disabled nested loops' costs would pass its thresholds and compiling the plan
-- costs seconds (measured: 10 000 sales' flush 7 s with it, 1 s without).
CREATE FUNCTION "report_sales_days_apply"() RETURNS void LANGUAGE plpgsql SET "enable_nestloop" = off SET "jit" = off AS $$
BEGIN
  IF current_setting('report_sales.pending', true) IS DISTINCT FROM 'on' THEN
    RETURN;
  END IF;
  PERFORM set_config('report_sales.pending', 'off', true);
  WITH "p" AS (DELETE FROM "report_sales_pending" RETURNING *),
  -- Each row's first image in the transaction: the row as it was before it.
  "f" AS MATERIALIZED (SELECT DISTINCT ON ("kind", "id") * FROM "p" ORDER BY "kind", "id", "seq"),
  "fs" AS MATERIALIZED (SELECT * FROM "f" WHERE "kind" = 's'),
  "fl" AS MATERIALIZED (SELECT * FROM "f" WHERE "kind" = 'l'),
  "fr" AS MATERIALIZED (SELECT * FROM "f" WHERE "kind" = 'r'),
  "ft" AS MATERIALIZED (SELECT * FROM "f" WHERE "kind" = 't'),
  -- The sales touched (changed themselves, or a line of theirs before or now) as they are now.
  "sn" AS MATERIALIZED (
    SELECT s.* FROM (
      SELECT "id" FROM "fs"
      UNION SELECT "parent_id" FROM "fl" WHERE "existed"
      UNION SELECT "parent_now" FROM "p" WHERE "kind" IN ('l', 'n') AND "parent_now" IS NOT NULL
    ) sa
    CROSS JOIN LATERAL (
      SELECT x."id", x."status", x."location_id", coalesce(x."posted_at", x."created_at") AS "at", x."employee_id", x."total"
      FROM "sales" x WHERE x."id" = sa."id" OFFSET 0
    ) s
  ),
  -- The posted ones before (sign −1: the first image, or the row untouched) and now (+1).
  "so" AS MATERIALIZED (
    SELECT -1 AS "sign", fs."id", fs."location_id", fs."at", fs."employee_id", fs."amount" AS "total"
    FROM "fs" WHERE fs."existed" AND fs."status" = 'posted'
    UNION ALL
    SELECT -1, sn."id", sn."location_id", sn."at", sn."employee_id", sn."total"
    FROM "sn" LEFT JOIN "fs" ON fs."id" = sn."id" WHERE fs."id" IS NULL AND sn."status" = 'posted'
    UNION ALL
    SELECT 1, sn."id", sn."location_id", sn."at", sn."employee_id", sn."total" FROM "sn" WHERE sn."status" = 'posted'
  ),
  -- The returns touched (changed themselves, a line of theirs, or their sale's seller) as they are now,
  -- with the seller of their sale now.
  "rn" AS MATERIALIZED (
    SELECT r.*, s1."employee_id" FROM (
      SELECT "id" FROM "fr"
      UNION SELECT "parent_id" FROM "ft" WHERE "existed"
      UNION SELECT "parent_now" FROM "p" WHERE "kind" = 't' AND "parent_now" IS NOT NULL
      UNION SELECT r."id" FROM "fs"
        JOIN "sn" ON sn."id" = fs."id"
        CROSS JOIN LATERAL (SELECT x."id" FROM "sale_returns" x WHERE x."sale_id" = fs."id" OFFSET 0) r
        WHERE fs."existed" AND fs."employee_id" IS DISTINCT FROM sn."employee_id"
    ) ra
    CROSS JOIN LATERAL (SELECT x."id", x."sale_id", x."location_id", x."created_at" AS "at", x."amount" FROM "sale_returns" x WHERE x."id" = ra."id" OFFSET 0) r
    LEFT JOIN LATERAL (SELECT x."employee_id" FROM "sales" x WHERE x."id" = r."sale_id" OFFSET 0) s1 ON true
  ),
  -- Before (−1: the first image, or the row untouched, with the seller of its sale before) and now (+1).
  "ro" AS MATERIALIZED (
    SELECT -1 AS "sign", x."id", x."location_id", x."at", x."amount",
      CASE WHEN s0."id" IS NOT NULL THEN s0."employee_id" ELSE s1."employee_id" END AS "employee_id"
    FROM (
      SELECT fr."id", fr."parent_id" AS "sale_id", fr."location_id", fr."at", fr."amount" FROM "fr" WHERE fr."existed"
      UNION ALL
      SELECT rn."id", rn."sale_id", rn."location_id", rn."at", rn."amount" FROM "rn" LEFT JOIN "fr" ON fr."id" = rn."id" WHERE fr."id" IS NULL
    ) x
      LEFT JOIN "fs" s0 ON s0."id" = x."sale_id"
      LEFT JOIN LATERAL (SELECT y."employee_id" FROM "sales" y WHERE y."id" = x."sale_id" OFFSET 0) s1 ON true
    UNION ALL
    SELECT 1, rn."id", rn."location_id", rn."at", rn."amount", rn."employee_id" FROM "rn"
  ),
  -- The lines this transaction inserted into the sales that were posted before it (not theirs then).
  "nl" AS MATERIALIZED (
    SELECT DISTINCT unnest(n."ids") AS "id" FROM "p" n JOIN "so" ON so."sign" = -1 AND so."id" = n."id" WHERE n."kind" = 'n'
  ),
  -- Their lines then (the untouched ones as they are, the touched ones' first images) and now, with the category.
  "lx" AS MATERIALIZED (
    SELECT l."sign", l."sale_id", l."id", l."product_id", l."position", l."total", l."cost"
    FROM (
      SELECT so."sign", so."id" AS "sale_id", y."id", y."product_id", y."position", y."total", y."cost"
      FROM "so" CROSS JOIN LATERAL (SELECT * FROM "sale_lines" z WHERE z."sale_id" = so."id" OFFSET 0) y
    ) l
      LEFT JOIN "fl" ON l."sign" = -1 AND fl."id" = l."id"
      LEFT JOIN "nl" ON l."sign" = -1 AND nl."id" = l."id"
    WHERE fl."id" IS NULL AND nl."id" IS NULL
    UNION ALL
    SELECT so."sign", so."id", fl."id", fl."product_id", fl."position", fl."amount", fl."cost"
    FROM "so" JOIN "fl" ON fl."parent_id" = so."id" AND fl."existed" LEFT JOIN "nl" ON nl."id" = fl."id"
    WHERE so."sign" = -1 AND nl."id" IS NULL
  ),
  "rx" AS MATERIALIZED (
    SELECT l."sign", l."return_id", l."product_id", l."amount", l."value"
    FROM (
      SELECT ro."sign", ro."id" AS "return_id", y."id", y."product_id", y."amount", y."value"
      FROM "ro" CROSS JOIN LATERAL (SELECT * FROM "sale_return_lines" z WHERE z."return_id" = ro."id" OFFSET 0) y
    ) l LEFT JOIN "ft" ON l."sign" = -1 AND ft."id" = l."id"
    WHERE ft."id" IS NULL
    UNION ALL
    SELECT ro."sign", ro."id", ft."product_id", ft."amount", ft."cost"
    FROM "ro" JOIN "ft" ON ft."parent_id" = ro."id" AND ft."existed"
    WHERE ro."sign" = -1
  ),
  -- The category of each product sold or returned, read once per product.
  "pc" AS MATERIALIZED (
    SELECT d."product_id", pr."category_id" AS "cat"
    FROM (SELECT "product_id" FROM "lx" UNION SELECT "product_id" FROM "rx") d
    LEFT JOIN LATERAL (SELECT p."category_id" FROM "products" p WHERE p."id" = d."product_id" OFFSET 0) pr ON true
  ),
  "lo" AS MATERIALIZED (
    SELECT lx."sign", lx."sale_id", lx."id", lx."position", lx."total", lx."cost", pc."cat" FROM "lx" LEFT JOIN "pc" ON pc."product_id" = lx."product_id"
  ),
  "lc" AS (
    SELECT "sign", "sale_id", "cat", sum("total") AS "total", sum(coalesce("cost", 0)) AS "cost" FROM "lo" GROUP BY 1, 2, 3
  ),
  "lh" AS (
    SELECT DISTINCT ON ("sign", "sale_id") "sign", "sale_id", "cat" FROM "lo" ORDER BY "sign", "sale_id", "position", "id"
  ),
  "lt" AS (SELECT "sign", "sale_id", sum("total") AS "total" FROM "lo" GROUP BY 1, 2),
  "rlo" AS MATERIALIZED (
    SELECT rx."sign", rx."return_id", rx."amount", rx."value", pc."cat" FROM "rx" LEFT JOIN "pc" ON pc."product_id" = rx."product_id"
  ),
  "rt" AS (SELECT "sign", "return_id", sum("amount") AS "amount" FROM "rlo" GROUP BY 1, 2),
  -- Every signed contribution at its key.
  "c" ("sign", "location_id", "at", "employee_id", "cat", "sales", "cost", "returns", "return_cost", "checks", "category_checks") AS (
    SELECT so."sign", so."location_id", so."at", so."employee_id", lc."cat", lc."total", lc."cost", 0, 0, 0, 1
    FROM "lc" JOIN "so" ON so."sign" = lc."sign" AND so."id" = lc."sale_id"
    UNION ALL
    SELECT so."sign", so."location_id", so."at", so."employee_id", lh."cat", so."total" - coalesce(lt."total", 0), 0, 0, 0, 1, 0
    FROM "so"
      LEFT JOIN "lh" ON lh."sign" = so."sign" AND lh."sale_id" = so."id"
      LEFT JOIN "lt" ON lt."sign" = so."sign" AND lt."sale_id" = so."id"
    UNION ALL
    SELECT ro."sign", ro."location_id", ro."at", ro."employee_id", rlo."cat", 0, 0, rlo."amount", rlo."value", 0, 0
    FROM "rlo" JOIN "ro" ON ro."sign" = rlo."sign" AND ro."id" = rlo."return_id"
    UNION ALL
    SELECT ro."sign", ro."location_id", ro."at", ro."employee_id", NULL, 0, 0, ro."amount" - coalesce(rt."amount", 0), 0, 0, 0
    FROM "ro" LEFT JOIN "rt" ON rt."sign" = ro."sign" AND rt."return_id" = ro."id"
    WHERE ro."amount" <> coalesce(rt."amount", 0)
  )
  INSERT INTO "report_sales_days" AS d ("location_id", "day", "employee_key", "category_key", "sales", "cost", "returns", "return_cost", "checks", "category_checks")
  SELECT "location_id", ("at" AT TIME ZONE 'Europe/Moscow')::date,
    coalesce("employee_id", '00000000-0000-0000-0000-000000000000'::uuid), coalesce("cat", '00000000-0000-0000-0000-000000000000'::uuid),
    sum("sign" * "sales"), sum("sign" * "cost"), sum("sign" * "returns"), sum("sign" * "return_cost"), sum("sign" * "checks"), sum("sign" * "category_checks")
  FROM "c"
  GROUP BY 1, 2, 3, 4
  HAVING (sum("sign" * "sales"), sum("sign" * "cost"), sum("sign" * "returns"), sum("sign" * "return_cost"), sum("sign" * "checks"), sum("sign" * "category_checks"))
    <> (0, 0, 0, 0, 0, 0)
  -- The summary's rows are locked in key order: two commits never wait for each other crosswise.
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("location_id", "day", "employee_key", "category_key") DO UPDATE SET
    "sales" = d."sales" + excluded."sales",
    "cost" = d."cost" + excluded."cost",
    "returns" = d."returns" + excluded."returns",
    "return_cost" = d."return_cost" + excluded."return_cost",
    "checks" = d."checks" + excluded."checks",
    "category_checks" = d."category_checks" + excluded."category_checks";
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_sales_days_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_sales_days_apply"();
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The staging of each table: the changed rows' images before the change (an insert: only the id).
CREATE FUNCTION "report_sales_stage_sales"() RETURNS trigger LANGUAGE plpgsql SET "enable_nestloop" = off SET "jit" = off AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A sale inserted unposted adds nothing; when it is posted later, that update is staged.
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush")
    SELECT 's', x."id", false, row_number() OVER () = 1 FROM "new_rows" x WHERE x."status" = 'posted';
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only what changes a contribution: a posted sale (before or after) changing its status, shop, day,
    -- seller or total, or any sale changing its seller (its returns count against the seller).
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "status", "location_id", "at", "employee_id", "amount")
    SELECT 's', o."id", true, row_number() OVER () = 1, o."status", o."location_id", coalesce(o."posted_at", o."created_at"), o."employee_id", o."total"
    FROM "old_rows" o JOIN "new_rows" x ON x."id" = o."id"
    WHERE (o."status" = 'posted' OR x."status" = 'posted' OR o."employee_id" IS DISTINCT FROM x."employee_id")
      AND (o."status", o."location_id", o."posted_at", o."created_at", o."employee_id", o."total")
        IS DISTINCT FROM (x."status", x."location_id", x."posted_at", x."created_at", x."employee_id", x."total");
  ELSE
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "status", "location_id", "at", "employee_id", "amount")
    SELECT 's', o."id", true, row_number() OVER () = 1, o."status", o."location_id", coalesce(o."posted_at", o."created_at"), o."employee_id", o."total"
    FROM "old_rows" o WHERE o."status" = 'posted';
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN
    PERFORM set_config('report_sales.pending', 'on', true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A line's change matters only when its sale may have been posted before the transaction: the sale's first
-- staged image says so, else the sale as it is (a sale not posted now and not staged was not posted before:
-- every change to or from posted is staged). A sale inserted in this transaction had nothing before.
CREATE FUNCTION "report_sales_stage_lines"() RETURNS trigger LANGUAGE plpgsql SET "enable_nestloop" = off SET "jit" = off AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- One row per sale with the ids of its new lines: only a sale posted before the transaction needs them.
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_now", "ids")
    SELECT 'n', x."sale_id", false, row_number() OVER () = 1, x."sale_id", array_agg(x."id") FROM "new_rows" x GROUP BY x."sale_id";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_now", "parent_id", "product_id", "position", "amount", "cost")
    SELECT 'l', o."id", true, row_number() OVER () = 1, x."sale_id", o."sale_id", o."product_id", o."position", o."total", o."cost"
    FROM "old_rows" o JOIN "new_rows" x ON x."id" = o."id"
      LEFT JOIN (SELECT DISTINCT ON ("id") "id", "existed", "status" FROM "report_sales_pending" WHERE "kind" = 's' ORDER BY "id", "seq") f ON f."id" = o."sale_id"
      LEFT JOIN LATERAL (SELECT y."id", y."status" FROM "sales" y WHERE y."id" = o."sale_id" OFFSET 0) s ON true
    WHERE (o."sale_id", o."product_id", o."position", o."total", o."cost") IS DISTINCT FROM (x."sale_id", x."product_id", x."position", x."total", x."cost")
      AND (o."sale_id" <> x."sale_id"
        OR CASE WHEN f."id" IS NOT NULL THEN f."existed" AND f."status" = 'posted' ELSE s."id" IS NULL OR s."status" = 'posted' END);
  ELSE
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_id", "product_id", "position", "amount", "cost")
    SELECT 'l', o."id", true, row_number() OVER () = 1, o."sale_id", o."product_id", o."position", o."total", o."cost"
    FROM "old_rows" o
      LEFT JOIN (SELECT DISTINCT ON ("id") "id", "existed", "status" FROM "report_sales_pending" WHERE "kind" = 's' ORDER BY "id", "seq") f ON f."id" = o."sale_id"
      LEFT JOIN LATERAL (SELECT y."id", y."status" FROM "sales" y WHERE y."id" = o."sale_id" OFFSET 0) s ON true
    WHERE CASE WHEN f."id" IS NOT NULL THEN f."existed" AND f."status" = 'posted' ELSE s."id" IS NULL OR s."status" = 'posted' END;
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN
    PERFORM set_config('report_sales.pending', 'on', true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_sales_stage_returns"() RETURNS trigger LANGUAGE plpgsql SET "enable_nestloop" = off SET "jit" = off AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_now")
    SELECT 'r', x."id", false, row_number() OVER () = 1, x."sale_id" FROM "new_rows" x;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_now", "parent_id", "location_id", "at", "amount")
    SELECT 'r', o."id", true, row_number() OVER () = 1, x."sale_id", o."sale_id", o."location_id", o."created_at", o."amount"
    FROM "old_rows" o JOIN "new_rows" x ON x."id" = o."id"
    WHERE (o."sale_id", o."location_id", o."created_at", o."amount") IS DISTINCT FROM (x."sale_id", x."location_id", x."created_at", x."amount");
  ELSE
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_id", "location_id", "at", "amount")
    SELECT 'r', o."id", true, row_number() OVER () = 1, o."sale_id", o."location_id", o."created_at", o."amount" FROM "old_rows" o;
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN
    PERFORM set_config('report_sales.pending', 'on', true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_sales_stage_return_lines"() RETURNS trigger LANGUAGE plpgsql SET "enable_nestloop" = off SET "jit" = off AS $$
DECLARE
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_now")
    SELECT 't', x."id", false, row_number() OVER () = 1, x."return_id" FROM "new_rows" x;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_now", "parent_id", "product_id", "amount", "cost")
    SELECT 't', o."id", true, row_number() OVER () = 1, x."return_id", o."return_id", o."product_id", o."amount", o."value"
    FROM "old_rows" o JOIN "new_rows" x ON x."id" = o."id"
    WHERE (o."return_id", o."product_id", o."amount", o."value") IS DISTINCT FROM (x."return_id", x."product_id", x."amount", x."value");
  ELSE
    INSERT INTO "report_sales_pending" ("kind", "id", "existed", "flush", "parent_id", "product_id", "amount", "cost")
    SELECT 't', o."id", true, row_number() OVER () = 1, o."return_id", o."product_id", o."amount", o."value" FROM "old_rows" o;
  END IF;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN
    PERFORM set_config('report_sales.pending', 'on', true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The summary recounted from the journal's tables in one aggregate, written apart from the flush (the tests
-- compare the kept summary with it, so a flaw of either shows; a bulk load made with the staging triggers
-- off can call it after; a TRUNCATE of a journal table calls it). Writes to the journal wait while it runs.
CREATE FUNCTION "report_sales_days_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "sales", "sale_lines", "sale_returns", "sale_return_lines" IN SHARE MODE;
  DELETE FROM "report_sales_pending";
  PERFORM set_config('report_sales.pending', 'off', true);
  DELETE FROM "report_sales_days";
  INSERT INTO "report_sales_days" ("location_id", "day", "employee_key", "category_key", "sales", "cost", "returns", "return_cost", "checks", "category_checks")
  WITH "s" AS (
    SELECT "id", "location_id", (coalesce("posted_at", "created_at") AT TIME ZONE 'Europe/Moscow')::date AS "day",
      coalesce("employee_id", '00000000-0000-0000-0000-000000000000'::uuid) AS "emp", "total"
    FROM "sales" WHERE "status" = 'posted'
  ),
  "l" AS (
    SELECT l."sale_id", l."id", l."position", l."total", coalesce(l."cost", 0) AS "cost", coalesce(p."category_id", '00000000-0000-0000-0000-000000000000'::uuid) AS "cat"
    FROM "sale_lines" l JOIN "s" ON s."id" = l."sale_id" LEFT JOIN "products" p ON p."id" = l."product_id"
  ),
  "lc" AS (SELECT "sale_id", "cat", sum("total") AS "total", sum("cost") AS "cost" FROM "l" GROUP BY 1, 2),
  "lh" AS (SELECT DISTINCT ON ("sale_id") "sale_id", "cat" FROM "l" ORDER BY "sale_id", "position", "id"),
  "lt" AS (SELECT "sale_id", sum("total") AS "total" FROM "l" GROUP BY 1),
  "r" AS (
    SELECT r."id", r."location_id", (r."created_at" AT TIME ZONE 'Europe/Moscow')::date AS "day",
      coalesce(s."employee_id", '00000000-0000-0000-0000-000000000000'::uuid) AS "emp", r."amount"
    FROM "sale_returns" r LEFT JOIN "sales" s ON s."id" = r."sale_id"
  ),
  "rl" AS (
    SELECT l."return_id", l."amount", l."value", coalesce(p."category_id", '00000000-0000-0000-0000-000000000000'::uuid) AS "cat"
    FROM "sale_return_lines" l LEFT JOIN "products" p ON p."id" = l."product_id"
  ),
  "rt" AS (SELECT "return_id", sum("amount") AS "amount" FROM "rl" GROUP BY 1),
  "c" ("location_id", "day", "emp", "cat", "sales", "cost", "returns", "return_cost", "checks", "category_checks") AS (
    SELECT s."location_id", s."day", s."emp", lc."cat", lc."total", lc."cost", 0, 0, 0, 1 FROM "lc" JOIN "s" ON s."id" = lc."sale_id"
    UNION ALL
    SELECT s."location_id", s."day", s."emp", coalesce(lh."cat", '00000000-0000-0000-0000-000000000000'::uuid), s."total" - coalesce(lt."total", 0), 0, 0, 0, 1, 0
    FROM "s" LEFT JOIN "lh" ON lh."sale_id" = s."id" LEFT JOIN "lt" ON lt."sale_id" = s."id"
    UNION ALL
    SELECT r."location_id", r."day", r."emp", rl."cat", 0, 0, rl."amount", rl."value", 0, 0 FROM "rl" JOIN "r" ON r."id" = rl."return_id"
    UNION ALL
    SELECT r."location_id", r."day", r."emp", '00000000-0000-0000-0000-000000000000'::uuid, 0, 0, r."amount" - coalesce(rt."amount", 0), 0, 0, 0
    FROM "r" LEFT JOIN "rt" ON rt."return_id" = r."id" WHERE r."amount" <> coalesce(rt."amount", 0)
  )
  SELECT "location_id", "day", "emp", "cat", sum("sales"), sum("cost"), sum("returns"), sum("return_cost"), sum("checks"), sum("category_checks")
  FROM "c" GROUP BY 1, 2, 3, 4
  HAVING (sum("sales"), sum("cost"), sum("returns"), sum("return_cost"), sum("checks"), sum("category_checks")) <> (0, 0, 0, 0, 0, 0);
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_sales_days_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_sales_days_rebuild"();
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT "report_sales_days_rebuild"();--> statement-breakpoint
ANALYZE "report_sales_days";--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_ins" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_sales"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_upd" AFTER UPDATE ON "sales" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_sales"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_del" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_sales"();--> statement-breakpoint
CREATE TRIGGER "report_sales_truncate" AFTER TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_days_truncated"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_ins" AFTER INSERT ON "sale_lines" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_lines"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_upd" AFTER UPDATE ON "sale_lines" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_lines"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_del" AFTER DELETE ON "sale_lines" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_lines"();--> statement-breakpoint
CREATE TRIGGER "report_sales_truncate" AFTER TRUNCATE ON "sale_lines" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_days_truncated"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_ins" AFTER INSERT ON "sale_returns" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_returns"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_upd" AFTER UPDATE ON "sale_returns" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_returns"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_del" AFTER DELETE ON "sale_returns" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_returns"();--> statement-breakpoint
CREATE TRIGGER "report_sales_truncate" AFTER TRUNCATE ON "sale_returns" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_days_truncated"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_ins" AFTER INSERT ON "sale_return_lines" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_return_lines"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_upd" AFTER UPDATE ON "sale_return_lines" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_return_lines"();--> statement-breakpoint
CREATE TRIGGER "report_sales_stage_del" AFTER DELETE ON "sale_return_lines" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_stage_return_lines"();--> statement-breakpoint
CREATE TRIGGER "report_sales_truncate" AFTER TRUNCATE ON "sale_return_lines" FOR EACH STATEMENT EXECUTE FUNCTION "report_sales_days_truncated"();--> statement-breakpoint
-- The commit's flush: queued by the first row each staging statement writes, and by every row event of
-- `sales` that the journal's hour trigger (0028) queues too, under a name that sorts before its: among one
-- row's deferred triggers the summary's fires first, so a transaction locks its summary rows before its
-- hour (the first firing flushes; the others find nothing staged and return).
CREATE CONSTRAINT TRIGGER "report_sales_flush" AFTER INSERT ON "report_sales_pending" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."flush") EXECUTE FUNCTION "report_sales_days_flush"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sales_daily_report_ins" AFTER INSERT ON "sales" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."status" = 'posted') EXECUTE FUNCTION "report_sales_days_flush"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sales_daily_report_del" AFTER DELETE ON "sales" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "report_sales_days_flush"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sales_daily_report_upd" AFTER UPDATE ON "sales" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."location_id", OLD."status", OLD."posted_at", OLD."created_at", OLD."total", OLD."discount", OLD."returned", OLD."paid_cash", OLD."paid_card", OLD."paid_transfer", OLD."employee_id")
    IS DISTINCT FROM (NEW."location_id", NEW."status", NEW."posted_at", NEW."created_at", NEW."total", NEW."discount", NEW."returned", NEW."paid_cash", NEW."paid_card", NEW."paid_transfer", NEW."employee_id"))
  EXECUTE FUNCTION "report_sales_days_flush"();--> statement-breakpoint
--
-- 2. The slow movers: stock_pools.last_sale_at.
-- One update by key per product sold (a posting sells a few; a bulk load of receipts none): the plan is the
-- primary key's whatever the statement's size.
CREATE FUNCTION "stock_pools_last_sale_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m record;
BEGIN
  FOR m IN
    SELECT "product_id", max("at") AS "at" FROM "new_rows"
    WHERE "document_type" IN ('sale', 'repair_order') AND "qty" < 0 AND NOT "cancellation"
    GROUP BY "product_id" ORDER BY "product_id"
  LOOP
    UPDATE "stock_pools" SET "last_sale_at" = m."at"
    WHERE "product_id" = m."product_id" AND ("last_sale_at" IS NULL OR "last_sale_at" < m."at");
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "stock_pools" sp SET "last_sale_at" = m."at"
FROM (
  SELECT "product_id", max("at") AS "at" FROM "stock_movements"
  WHERE "document_type" IN ('sale', 'repair_order') AND "qty" < 0 AND NOT "cancellation"
  GROUP BY "product_id"
) m
WHERE sp."product_id" = m."product_id" AND sp."last_sale_at" IS DISTINCT FROM m."at";--> statement-breakpoint
CREATE TRIGGER "stock_movements_last_sale" AFTER INSERT ON "stock_movements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stock_pools_last_sale_sync"();--> statement-breakpoint
-- The last sale before a past date: one probe per product, backwards from the date.
CREATE INDEX "stock_movements_sale_out_idx" ON "stock_movements" USING btree ("product_id", "at")
  WHERE "document_type" IN ('sale', 'repair_order') AND "qty" < 0 AND NOT "cancellation";
