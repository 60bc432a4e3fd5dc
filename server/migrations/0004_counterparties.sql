CREATE TABLE "counterparties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'person' NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"email" text,
	"address" text,
	"source" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"is_supplier" boolean DEFAULT false NOT NULL,
	"inn" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counterparty_phones" (
	"counterparty_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"digits" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counterparty_phones_counterparty_id_phone_pk" PRIMARY KEY("counterparty_id","phone")
);
--> statement-breakpoint
ALTER TABLE "counterparty_phones" ADD CONSTRAINT "counterparty_phones_counterparty_id_counterparties_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."counterparties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counterparties_search_name_idx" ON "counterparties" USING btree ("search_name");--> statement-breakpoint
CREATE INDEX "counterparties_supplier_idx" ON "counterparties" USING btree ("is_supplier");--> statement-breakpoint
CREATE INDEX "counterparty_phones_phone_idx" ON "counterparty_phones" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "counterparty_phones_digits_idx" ON "counterparty_phones" USING btree ("digits");