DROP INDEX "product_barcodes_trgm_idx";--> statement-breakpoint
DROP INDEX "products_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_key_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_barcodes_trgm_idx" ON "product_barcodes" USING gin (lower("barcode") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_sku_key_trgm_idx" ON "products" USING gin ("sku_key" gin_trgm_ops) WITH (fastupdate=false);