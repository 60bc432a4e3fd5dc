CREATE TABLE "client_ledger" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"location_id" uuid,
	"document_type" text,
	"document_id" uuid,
	"number" text,
	"comment" text,
	"cancellation" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_balances" (
	"cashbox_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_balances_non_negative" CHECK ("cash_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_movements" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operation_id" uuid NOT NULL,
	"cashbox_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"cancellation" boolean DEFAULT false NOT NULL,
	"category_id" uuid,
	"client_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cash_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'posted' NOT NULL,
	"cashbox_id" uuid NOT NULL,
	"to_cashbox_id" uuid,
	"to_location_id" uuid,
	"amount" bigint NOT NULL,
	"category_id" uuid,
	"client_id" uuid,
	"comment" text,
	"document_type" text,
	"document_id" uuid,
	"document_number" text,
	"shift_id" uuid,
	"to_shift_id" uuid,
	"copied_from_id" uuid,
	"author_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_operations_amount_positive" CHECK ("cash_operations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"cashbox_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"float" bigint NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by_id" uuid,
	"closed_at" timestamp with time zone,
	"closed_by_id" uuid,
	"expected" bigint,
	"counted" bigint,
	"difference" bigint,
	"difference_operation_id" uuid
);
--> statement-breakpoint
CREATE TABLE "finance_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"code" text,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"employee_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_employee_id_key_pk" PRIMARY KEY("employee_id","key")
);
--> statement-breakpoint
ALTER TABLE "counterparties" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "counterparties" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "client_ledger" ADD CONSTRAINT "client_ledger_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_balances" ADD CONSTRAINT "cash_balances_cashbox_id_cashboxes_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_operation_id_cash_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."cash_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_cashbox_id_cashboxes_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_cashbox_id_cashboxes_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_to_cashbox_id_cashboxes_id_fk" FOREIGN KEY ("to_cashbox_id") REFERENCES "public"."cashboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_category_id_finance_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."finance_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_shift_id_cash_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."cash_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_to_shift_id_cash_shifts_id_fk" FOREIGN KEY ("to_shift_id") REFERENCES "public"."cash_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_copied_from_id_cash_operations_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."cash_operations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_author_id_employees_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_operations" ADD CONSTRAINT "cash_operations_cancelled_by_id_employees_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_cashbox_id_cashboxes_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_opened_by_id_employees_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_shifts" ADD CONSTRAINT "cash_shifts_closed_by_id_employees_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_categories" ADD CONSTRAINT "finance_categories_parent_id_finance_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."finance_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_ledger_client_idx" ON "client_ledger" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "client_ledger_document_idx" ON "client_ledger" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "cash_movements_cashbox_idx" ON "cash_movements" USING btree ("cashbox_id","seq");--> statement-breakpoint
CREATE INDEX "cash_movements_operation_idx" ON "cash_movements" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "cash_movements_category_idx" ON "cash_movements" USING btree ("category_id","seq");--> statement-breakpoint
CREATE INDEX "cash_movements_client_idx" ON "cash_movements" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "cash_movements_at_idx" ON "cash_movements" USING btree ("cashbox_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_operations_number_unique" ON "cash_operations" USING btree ("location_id","kind","number");--> statement-breakpoint
CREATE INDEX "cash_operations_location_idx" ON "cash_operations" USING btree ("location_id","at");--> statement-breakpoint
CREATE INDEX "cash_operations_client_idx" ON "cash_operations" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "cash_operations_shift_idx" ON "cash_operations" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "cash_operations_document_idx" ON "cash_operations" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_shifts_one_open" ON "cash_shifts" USING btree ("cashbox_id") WHERE "cash_shifts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cash_shifts_cashbox_idx" ON "cash_shifts" USING btree ("cashbox_id","opened_at");--> statement-breakpoint
CREATE INDEX "cash_shifts_location_idx" ON "cash_shifts" USING btree ("location_id","opened_at");--> statement-breakpoint
CREATE INDEX "finance_categories_parent_idx" ON "finance_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_categories_code_unique" ON "finance_categories" USING btree ("code") WHERE "finance_categories"."code" is not null;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "counterparties" ADD CONSTRAINT "counterparties_merged_into_id_counterparties_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counterparties_owes_idx" ON "counterparties" USING btree ("search_name") WHERE "counterparties"."balance" < 0;