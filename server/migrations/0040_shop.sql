CREATE TABLE "shop_brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"image_id" uuid,
	"position" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_brands_name_unique" UNIQUE("name_key")
);
--> statement-breakpoint
CREATE TABLE "shop_catalog_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"search_text" text NOT NULL,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"price_override" bigint,
	"published" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_catalog_items_product_unique" UNIQUE("product_id")
);
--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image_id" uuid,
	"position" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "shop_category_links" (
	"shop_category_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "shop_category_links_shop_category_id_category_id_pk" PRIMARY KEY("shop_category_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "shop_device_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"image_id" uuid,
	"position" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_device_types_name_unique" UNIQUE("name_key")
);
--> statement-breakpoint
CREATE TABLE "shop_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_model_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"service" text NOT NULL,
	"price" bigint NOT NULL,
	"price_from" boolean DEFAULT false NOT NULL,
	"minutes" integer,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"image_id" uuid,
	"position" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_request_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"model_id" uuid,
	"model_name" text,
	"problem" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"location_id" uuid,
	"reject_reason" text,
	"comment" text,
	"order_id" uuid,
	"sale_id" uuid,
	"repeats" integer DEFAULT 0 NOT NULL,
	"last_repeat_at" timestamp with time zone,
	"spam" boolean DEFAULT false NOT NULL,
	"ip" text,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text NOT NULL,
	"phone" text,
	"request_location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"requests_open" boolean DEFAULT true NOT NULL,
	"timezone" text DEFAULT 'Europe/Moscow' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "shop_slides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"text" text,
	"button_text" text,
	"link" text,
	"image_id" uuid,
	"active_from" date,
	"active_to" date,
	"position" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_slides_dates_check" CHECK ("shop_slides"."active_from" is null or "shop_slides"."active_to" is null or "shop_slides"."active_from" <= "shop_slides"."active_to")
);
--> statement-breakpoint
ALTER TABLE "shop_brands" ADD CONSTRAINT "shop_brands_image_id_shop_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."shop_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_catalog_items" ADD CONSTRAINT "shop_catalog_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_image_id_shop_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."shop_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_category_links" ADD CONSTRAINT "shop_category_links_shop_category_id_shop_categories_id_fk" FOREIGN KEY ("shop_category_id") REFERENCES "public"."shop_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_category_links" ADD CONSTRAINT "shop_category_links_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_device_types" ADD CONSTRAINT "shop_device_types_image_id_shop_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."shop_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_model_prices" ADD CONSTRAINT "shop_model_prices_model_id_shop_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."shop_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_models" ADD CONSTRAINT "shop_models_type_id_shop_device_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."shop_device_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_models" ADD CONSTRAINT "shop_models_brand_id_shop_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."shop_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_models" ADD CONSTRAINT "shop_models_image_id_shop_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."shop_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_requests" ADD CONSTRAINT "shop_requests_model_id_shop_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."shop_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_requests" ADD CONSTRAINT "shop_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_requests" ADD CONSTRAINT "shop_requests_order_id_repair_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."repair_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_requests" ADD CONSTRAINT "shop_requests_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_slides" ADD CONSTRAINT "shop_slides_image_id_shop_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."shop_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_catalog_items_position_idx" ON "shop_catalog_items" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "shop_catalog_items_published_idx" ON "shop_catalog_items" USING btree ("position","id") WHERE "shop_catalog_items"."published";--> statement-breakpoint
CREATE INDEX "shop_catalog_items_search_trgm_idx" ON "shop_catalog_items" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "shop_category_links_category_idx" ON "shop_category_links" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "shop_model_prices_model_idx" ON "shop_model_prices" USING btree ("model_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_models_name_unique" ON "shop_models" USING btree ("type_id","brand_id","name_key");--> statement-breakpoint
CREATE INDEX "shop_models_brand_idx" ON "shop_models" USING btree ("brand_id","type_id","position");--> statement-breakpoint
CREATE INDEX "shop_request_hits_ip_idx" ON "shop_request_hits" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "shop_request_hits_at_idx" ON "shop_request_hits" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_requests_number_unique" ON "shop_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "shop_requests_list_idx" ON "shop_requests" USING btree ("created_at","id") WHERE not "shop_requests"."spam";--> statement-breakpoint
CREATE INDEX "shop_requests_location_idx" ON "shop_requests" USING btree ("location_id","status","created_at") WHERE not "shop_requests"."spam";--> statement-breakpoint
CREATE INDEX "shop_requests_status_idx" ON "shop_requests" USING btree ("status","created_at") WHERE not "shop_requests"."spam";--> statement-breakpoint
CREATE INDEX "shop_requests_phone_idx" ON "shop_requests" USING btree ("phone","kind","created_at");--> statement-breakpoint
CREATE INDEX "shop_requests_search_trgm_idx" ON "shop_requests" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);