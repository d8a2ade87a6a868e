CREATE TABLE "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project" text,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"severity" text NOT NULL,
	"params" jsonb NOT NULL,
	"hold_minutes" integer DEFAULT 0 NOT NULL,
	"clear_hold_minutes" integer DEFAULT 0 NOT NULL,
	"sla_hours" integer NOT NULL,
	"escalate_after_minutes" integer,
	"escalate_to" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_rules_scope_kind" UNIQUE NULLS NOT DISTINCT("organization_id","project","kind")
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rules_organization" ON "alarm_rules" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- As for MANAGE_WEBHOOKS (0027): the provider's organization holds every code, these new ones included.
UPDATE "organizations" SET "permissions" = array_append("permissions", 'MANAGE_ALARM_RULES')
WHERE "is_provider" AND NOT ('MANAGE_ALARM_RULES' = ANY("permissions"));--> statement-breakpoint
UPDATE "organizations" SET "permissions" = array_append("permissions", 'MANAGE_WORK_ORDERS')
WHERE "is_provider" AND NOT ('MANAGE_WORK_ORDERS' = ANY("permissions"));
