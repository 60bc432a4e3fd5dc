ALTER TABLE "product_min_stock" ADD COLUMN "on_hand" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_min_stock_short_idx" ON "product_min_stock" USING btree ("warehouse_id") WHERE "product_min_stock"."qty" > "product_min_stock"."on_hand";--> statement-breakpoint
-- product_min_stock.on_hand follows stock_balances.qty. Balances are written by whole statements (the stock
-- engine's data-modifying CTEs, the seeders, a restore): statement triggers with transition tables, one
-- UPDATE per statement, touching only the pairs that have a minimum.
CREATE FUNCTION "min_stock_on_hand_from_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE product_min_stock m SET on_hand = 0
      FROM old_rows o WHERE m.product_id = o.product_id AND m.warehouse_id = o.warehouse_id AND m.on_hand <> 0;
  ELSE
    UPDATE product_min_stock m SET on_hand = n.qty
      FROM new_rows n WHERE m.product_id = n.product_id AND m.warehouse_id = n.warehouse_id AND m.on_hand <> n.qty;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stock_balances_min_on_hand_insert" AFTER INSERT ON "stock_balances" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "min_stock_on_hand_from_balances"();
--> statement-breakpoint
CREATE TRIGGER "stock_balances_min_on_hand_update" AFTER UPDATE ON "stock_balances" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "min_stock_on_hand_from_balances"();
--> statement-breakpoint
CREATE TRIGGER "stock_balances_min_on_hand_delete" AFTER DELETE ON "stock_balances" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "min_stock_on_hand_from_balances"();
--> statement-breakpoint
-- A minimum written (the catalogue deletes and inserts them) reads the balance. FOR SHARE waits for a posting
-- that holds the balance row, so a concurrent write-off cannot leave on_hand above the stock; a balance row
-- created meanwhile can only leave it below (a good suggested once too often, never one missed: the
-- suggestions check the real balance of what the index finds).
CREATE FUNCTION "min_stock_on_hand_from_minimum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.qty INTO NEW.on_hand FROM stock_balances b
    WHERE b.product_id = NEW.product_id AND b.warehouse_id = NEW.warehouse_id FOR SHARE;
  NEW.on_hand := coalesce(NEW.on_hand, 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_min_stock_on_hand" BEFORE INSERT OR UPDATE OF "qty", "product_id", "warehouse_id" ON "product_min_stock"
  FOR EACH ROW EXECUTE FUNCTION "min_stock_on_hand_from_minimum"();
--> statement-breakpoint
UPDATE "product_min_stock" m SET "on_hand" = b."qty" FROM "stock_balances" b
  WHERE b."product_id" = m."product_id" AND b."warehouse_id" = m."warehouse_id" AND m."on_hand" <> b."qty";
