-- The journal's summary (0027, server/docs/sales.md «Scale»), kept by the database so that every writer of
-- `sales` and `sale_payments` (the service, the demo seeders, the bench's set-based generator, bulk loads)
-- keeps it:
--   sales.paid_cash / paid_card / paid_transfer = the sale's `sale_payments` without `return_id`, by method
--     (a statement-level trigger on sale_payments);
--   sales_hourly (location, hour) = the sales not cancelled (count) and the posted ones' sums, the hour being
--     date_bin('1 hour', coalesce(posted_at, created_at), '2000-01-01 00:00+00') (the same in every TimeZone)
--     (a row-level trigger on sales: OLD's contribution out of its hour, NEW's into its hour).
-- The sales trigger is a constraint trigger deferred to the commit: a transaction takes the hour's row lock
-- last, after its stock pools, cashboxes and counters, so two postings of a shop cannot deadlock on it
-- (createSale would otherwise lock the hour at its draft's insert, before the pools, and postSale after them).
CREATE FUNCTION "sale_payments_paid_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "sales" s SET "paid_cash" = s."paid_cash" + d."cash", "paid_card" = s."paid_card" + d."card", "paid_transfer" = s."paid_transfer" + d."transfer"
    FROM (
      SELECT "sale_id",
        coalesce(sum("amount") FILTER (WHERE "method" = 'cash'), 0) AS "cash",
        coalesce(sum("amount") FILTER (WHERE "method" = 'card'), 0) AS "card",
        coalesce(sum("amount") FILTER (WHERE "method" = 'transfer'), 0) AS "transfer"
      FROM "new_rows" WHERE "return_id" IS NULL GROUP BY "sale_id"
    ) d
    WHERE s."id" = d."sale_id" AND (d."cash", d."card", d."transfer") <> (0, 0, 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "sales" s SET "paid_cash" = s."paid_cash" - d."cash", "paid_card" = s."paid_card" - d."card", "paid_transfer" = s."paid_transfer" - d."transfer"
    FROM (
      SELECT "sale_id",
        coalesce(sum("amount") FILTER (WHERE "method" = 'cash'), 0) AS "cash",
        coalesce(sum("amount") FILTER (WHERE "method" = 'card'), 0) AS "card",
        coalesce(sum("amount") FILTER (WHERE "method" = 'transfer'), 0) AS "transfer"
      FROM "old_rows" WHERE "return_id" IS NULL GROUP BY "sale_id"
    ) d
    WHERE s."id" = d."sale_id" AND (d."cash", d."card", d."transfer") <> (0, 0, 0);
  ELSE
    UPDATE "sales" s SET "paid_cash" = s."paid_cash" + d."cash", "paid_card" = s."paid_card" + d."card", "paid_transfer" = s."paid_transfer" + d."transfer"
    FROM (
      SELECT "sale_id",
        coalesce(sum("amount") FILTER (WHERE "method" = 'cash'), 0) AS "cash",
        coalesce(sum("amount") FILTER (WHERE "method" = 'card'), 0) AS "card",
        coalesce(sum("amount") FILTER (WHERE "method" = 'transfer'), 0) AS "transfer"
      FROM (
        SELECT "sale_id", "method", "amount" FROM "new_rows" WHERE "return_id" IS NULL
        UNION ALL
        SELECT "sale_id", "method", -"amount" FROM "old_rows" WHERE "return_id" IS NULL
      ) x GROUP BY "sale_id"
    ) d
    WHERE s."id" = d."sale_id" AND (d."cash", d."card", d."transfer") <> (0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "sale_payments_paid_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sales" SET "paid_cash" = 0, "paid_card" = 0, "paid_transfer" = 0 WHERE ("paid_cash", "paid_card", "paid_transfer") <> (0, 0, 0);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Adds one contribution (negative: takes it out) to its shop's hour.
CREATE FUNCTION "sales_hourly_add"(p_location uuid, p_hour timestamptz, p_count integer, p_total bigint, p_discount bigint, p_returned bigint, p_cash bigint, p_card bigint, p_transfer bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sales_hourly" AS h ("location_id", "hour", "count", "total", "discount", "returned", "paid_cash", "paid_card", "paid_transfer")
  VALUES (p_location, p_hour, p_count, p_total, p_discount, p_returned, p_cash, p_card, p_transfer)
  ON CONFLICT ("location_id", "hour") DO UPDATE SET
    "count" = h."count" + excluded."count",
    "total" = h."total" + excluded."total",
    "discount" = h."discount" + excluded."discount",
    "returned" = h."returned" + excluded."returned",
    "paid_cash" = h."paid_cash" + excluded."paid_cash",
    "paid_card" = h."paid_card" + excluded."paid_card",
    "paid_transfer" = h."paid_transfer" + excluded."paid_transfer";
END
$$;--> statement-breakpoint
-- A sale's contribution: 1 to the count when it is not cancelled (drafts too), its sums when it is posted.
CREATE FUNCTION "sales_hourly_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o "sales";
  n "sales";
  oh timestamptz;
  nh timestamptz;
  op integer := 0;
  np integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD."status" <> 'cancelled' THEN
      o := OLD;
      oh := date_bin('1 hour', coalesce(o."posted_at", o."created_at"), timestamptz '2000-01-01 00:00:00+00');
      op := CASE WHEN o."status" = 'posted' THEN 1 ELSE 0 END;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW."status" <> 'cancelled' THEN
      n := NEW;
      nh := date_bin('1 hour', coalesce(n."posted_at", n."created_at"), timestamptz '2000-01-01 00:00:00+00');
      np := CASE WHEN n."status" = 'posted' THEN 1 ELSE 0 END;
    END IF;
  END IF;
  IF oh IS NOT NULL AND nh IS NOT NULL AND o."location_id" = n."location_id" AND oh = nh THEN
    -- The same hour: only the difference, if any.
    IF op <> np OR (np = 1 AND (o."total", o."discount", o."returned", o."paid_cash", o."paid_card", o."paid_transfer")
        IS DISTINCT FROM (n."total", n."discount", n."returned", n."paid_cash", n."paid_card", n."paid_transfer")) THEN
      PERFORM "sales_hourly_add"(n."location_id", nh, 0,
        np * n."total" - op * o."total", np * n."discount" - op * o."discount", np * n."returned" - op * o."returned",
        np * n."paid_cash" - op * o."paid_cash", np * n."paid_card" - op * o."paid_card", np * n."paid_transfer" - op * o."paid_transfer");
    END IF;
  ELSE
    IF oh IS NOT NULL THEN
      PERFORM "sales_hourly_add"(o."location_id", oh, -1,
        -op * o."total", -op * o."discount", -op * o."returned", -op * o."paid_cash", -op * o."paid_card", -op * o."paid_transfer");
    END IF;
    IF nh IS NOT NULL THEN
      PERFORM "sales_hourly_add"(n."location_id", nh, 1,
        np * n."total", np * n."discount", np * n."returned", np * n."paid_cash", np * n."paid_card", np * n."paid_transfer");
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "sales_hourly_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sales_hourly";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The backfill, set-based, before the triggers exist. The payments by method: a sale paid one way has it
-- in `paid` (most do), written by one rewrite of the table (an UPDATE of every row cost 75 s at 500k sales,
-- its index entries inserted one by one; the rewrite builds the indexes anew); then the sales whose
-- payments say otherwise (split ones) are set from `sale_payments`.
ALTER TABLE "sales"
  ALTER COLUMN "paid_cash" TYPE bigint USING (CASE WHEN "methods" = '{cash}' THEN "paid" ELSE 0 END),
  ALTER COLUMN "paid_card" TYPE bigint USING (CASE WHEN "methods" = '{card}' THEN "paid" ELSE 0 END),
  ALTER COLUMN "paid_transfer" TYPE bigint USING (CASE WHEN "methods" = '{transfer}' THEN "paid" ELSE 0 END);--> statement-breakpoint
UPDATE "sales" s SET "paid_cash" = d."cash", "paid_card" = d."card", "paid_transfer" = d."transfer"
FROM (
  SELECT x."id", coalesce(p."cash", 0) AS "cash", coalesce(p."card", 0) AS "card", coalesce(p."transfer", 0) AS "transfer"
  FROM "sales" x LEFT JOIN (
    SELECT "sale_id",
      coalesce(sum("amount") FILTER (WHERE "method" = 'cash'), 0) AS "cash",
      coalesce(sum("amount") FILTER (WHERE "method" = 'card'), 0) AS "card",
      coalesce(sum("amount") FILTER (WHERE "method" = 'transfer'), 0) AS "transfer"
    FROM "sale_payments" WHERE "return_id" IS NULL GROUP BY "sale_id"
  ) p ON p."sale_id" = x."id"
) d
WHERE s."id" = d."id" AND (s."paid_cash", s."paid_card", s."paid_transfer") <> (d."cash", d."card", d."transfer");--> statement-breakpoint
-- The hours, from the sales.
INSERT INTO "sales_hourly" ("location_id", "hour", "count", "total", "discount", "returned", "paid_cash", "paid_card", "paid_transfer")
SELECT "location_id", date_bin('1 hour', coalesce("posted_at", "created_at"), timestamptz '2000-01-01 00:00:00+00'), count(*)::int,
  coalesce(sum("total") FILTER (WHERE "status" = 'posted'), 0),
  coalesce(sum("discount") FILTER (WHERE "status" = 'posted'), 0),
  coalesce(sum("returned") FILTER (WHERE "status" = 'posted'), 0),
  coalesce(sum("paid_cash") FILTER (WHERE "status" = 'posted'), 0),
  coalesce(sum("paid_card") FILTER (WHERE "status" = 'posted'), 0),
  coalesce(sum("paid_transfer") FILTER (WHERE "status" = 'posted'), 0)
FROM "sales" WHERE "status" <> 'cancelled'
GROUP BY 1, 2;--> statement-breakpoint
ANALYZE "sales_hourly";--> statement-breakpoint
CREATE TRIGGER "sale_payments_paid_ins" AFTER INSERT ON "sale_payments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sale_payments_paid_sync"();--> statement-breakpoint
CREATE TRIGGER "sale_payments_paid_del" AFTER DELETE ON "sale_payments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sale_payments_paid_sync"();--> statement-breakpoint
CREATE TRIGGER "sale_payments_paid_upd" AFTER UPDATE ON "sale_payments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sale_payments_paid_sync"();--> statement-breakpoint
CREATE TRIGGER "sale_payments_paid_truncate" AFTER TRUNCATE ON "sale_payments" FOR EACH STATEMENT EXECUTE FUNCTION "sale_payments_paid_truncate"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sales_hourly_ins_del" AFTER INSERT OR DELETE ON "sales" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sales_hourly_sync"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sales_hourly_upd" AFTER UPDATE ON "sales" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."location_id", OLD."status", OLD."posted_at", OLD."created_at", OLD."total", OLD."discount", OLD."returned", OLD."paid_cash", OLD."paid_card", OLD."paid_transfer")
    IS DISTINCT FROM (NEW."location_id", NEW."status", NEW."posted_at", NEW."created_at", NEW."total", NEW."discount", NEW."returned", NEW."paid_cash", NEW."paid_card", NEW."paid_transfer"))
  EXECUTE FUNCTION "sales_hourly_sync"();--> statement-breakpoint
CREATE TRIGGER "sales_hourly_truncate" AFTER TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION "sales_hourly_truncate"();
