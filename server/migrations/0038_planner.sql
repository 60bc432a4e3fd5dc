CREATE TABLE "planner_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"employee_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"client_id" uuid,
	"device_type" text,
	"device_brand" text,
	"device_model" text,
	"comment" text,
	"order_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planner_events_end_after_start" CHECK ("planner_events"."ends_at" > "planner_events"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "planner_events" ADD CONSTRAINT "planner_events_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_events" ADD CONSTRAINT "planner_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_events" ADD CONSTRAINT "planner_events_client_id_counterparties_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."counterparties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_events" ADD CONSTRAINT "planner_events_order_id_repair_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."repair_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_events" ADD CONSTRAINT "planner_events_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planner_events_location_idx" ON "planner_events" USING btree ("location_id","starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "planner_events_employee_idx" ON "planner_events" USING btree ("employee_id","kind","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "planner_events_order_uq" ON "planner_events" USING btree ("order_id") WHERE "planner_events"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_assignee_open_due_idx" ON "tasks" USING btree ("assignee_id","due_at","created_at" DESC NULLS FIRST,"id") WHERE "tasks"."status" in ('new', 'in_progress');