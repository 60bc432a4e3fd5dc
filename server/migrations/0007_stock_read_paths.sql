CREATE TABLE "stock_totals" (
	"warehouse_id" uuid NOT NULL,
	"shard" integer NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"qty" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_totals_warehouse_id_shard_pk" PRIMARY KEY("warehouse_id","shard")
);
--> statement-breakpoint
DROP INDEX "products_search_name_idx";--> statement-breakpoint
ALTER TABLE "stock_totals" ADD CONSTRAINT "stock_totals_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_barcodes_trgm_idx" ON "product_barcodes" USING gin (lower("barcode") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_order_idx" ON "products" USING btree ("search_name","id");--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_key_trgm_idx" ON "products" USING gin ("sku_key" gin_trgm_ops);