CREATE TABLE "document_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"paper" text NOT NULL,
	"body" text NOT NULL,
	"built_in_key" text,
	"default_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "document_templates_built_in_key_unique" ON "document_templates" USING btree ("built_in_key") WHERE "document_templates"."built_in_key" is not null;