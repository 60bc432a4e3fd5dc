CREATE TABLE "document_numbering" (
	"kind" text PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"per_location" boolean DEFAULT true NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"comment" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_commission_months" (
	"employee_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payroll_commission_months_employee_id_month_pk" PRIMARY KEY("employee_id","month")
);
--> statement-breakpoint
CREATE TABLE "payroll_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_type" text NOT NULL,
	"document_id" uuid NOT NULL,
	"number" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"basis" bigint NOT NULL,
	"percent_bp" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reversal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"cashbox_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"date" date NOT NULL,
	"comment" text,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "salary" jsonb DEFAULT '{"monthlyBase":0,"rules":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "inn" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kpp" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ogrn" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bik" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "corr_account" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_adjustments" ADD CONSTRAINT "payroll_adjustments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_adjustments" ADD CONSTRAINT "payroll_adjustments_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_commission_months" ADD CONSTRAINT "payroll_commission_months_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_commissions" ADD CONSTRAINT "payroll_commissions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_commissions" ADD CONSTRAINT "payroll_commissions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payouts" ADD CONSTRAINT "payroll_payouts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payouts" ADD CONSTRAINT "payroll_payouts_cashbox_id_cashboxes_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payouts" ADD CONSTRAINT "payroll_payouts_operation_id_cash_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."cash_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payouts" ADD CONSTRAINT "payroll_payouts_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_adjustments_employee_date_idx" ON "payroll_adjustments" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "payroll_commissions_employee_at_idx" ON "payroll_commissions" USING btree ("employee_id","at");--> statement-breakpoint
CREATE INDEX "payroll_commissions_document_idx" ON "payroll_commissions" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "payroll_payouts_employee_date_idx" ON "payroll_payouts" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "payroll_payouts_operation_idx" ON "payroll_payouts" USING btree ("operation_id");--> statement-breakpoint
-- The new `payroll` rules for the built-in manager role (a fresh database gets them from the seed).
UPDATE "roles" SET "rules" = (SELECT jsonb_agg(DISTINCT r) FROM jsonb_array_elements_text("rules" || '["view:payroll:all","create:payroll:all","edit:payroll:all","delete:payroll:all","post:payroll:all","cancel:payroll:all","print:payroll:all","export:payroll:all"]'::jsonb) AS r) WHERE "name" = 'manager' AND "built_in";--> statement-breakpoint
-- Payouts post to the system category `salary`: an existing top-level «Зарплата» expense category becomes it.
UPDATE "finance_categories" SET "code" = 'salary' WHERE "id" = (SELECT "id" FROM "finance_categories" WHERE "kind" = 'expense' AND "parent_id" IS NULL AND "code" IS NULL AND "name" = 'Зарплата' ORDER BY "created_at" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "finance_categories" WHERE "code" = 'salary');
