CREATE TABLE "credit_offer_terms" (
	"offer_id" uuid NOT NULL,
	"months" integer NOT NULL,
	"rate_bp" integer,
	"fee_bp" integer,
	CONSTRAINT "credit_offer_terms_offer_id_months_pk" PRIMARY KEY("offer_id","months"),
	CONSTRAINT "credit_offer_terms_months" CHECK ("credit_offer_terms"."months" between 1 and 60),
	CONSTRAINT "credit_offer_terms_one_kind" CHECK (("credit_offer_terms"."rate_bp" is null) <> ("credit_offer_terms"."fee_bp" is null)),
	CONSTRAINT "credit_offer_terms_rate" CHECK ("credit_offer_terms"."rate_bp" is null or "credit_offer_terms"."rate_bp" between 0 and 10000),
	CONSTRAINT "credit_offer_terms_fee" CHECK ("credit_offer_terms"."fee_bp" is null or "credit_offer_terms"."fee_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "credit_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner" text NOT NULL,
	"name" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "credit_offers_amounts" CHECK ("credit_offers"."min_amount" >= 0 and "credit_offers"."min_amount" <= "credit_offers"."max_amount")
);
--> statement-breakpoint
ALTER TABLE "credit_offer_terms" ADD CONSTRAINT "credit_offer_terms_offer_id_credit_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."credit_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_offers_active_name_unique" ON "credit_offers" USING btree (lower("partner"),lower("name")) WHERE "credit_offers"."archived_at" is null;