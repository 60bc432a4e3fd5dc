CREATE TABLE "sales_hourly" (
	"location_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	"paid_cash" bigint DEFAULT 0 NOT NULL,
	"paid_card" bigint DEFAULT 0 NOT NULL,
	"paid_transfer" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_hourly_location_id_hour_pk" PRIMARY KEY("location_id","hour")
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "paid_cash" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "paid_card" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "paid_transfer" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_hourly" ADD CONSTRAINT "sales_hourly_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;