CREATE TABLE "alarm_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" bigint NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"assignee_id" integer,
	"note" text
);
--> statement-breakpoint
-- Alarms raised before this migration take their kind's default severity (ALARM_DEFAULT_SEVERITY).
ALTER TABLE "alarms" ADD COLUMN "severity" text;--> statement-breakpoint
UPDATE "alarms" SET "severity" = CASE "kind"
  WHEN 'load_fault' THEN 'critical' WHEN 'battery_low' THEN 'minor' ELSE 'major' END;--> statement-breakpoint
ALTER TABLE "alarms" ALTER COLUMN "severity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "cleared_by" integer;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_events_alarm" ON "alarm_events" USING btree ("alarm_id","id");--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_assignee" ON "alarms" USING btree ("assignee_id");--> statement-breakpoint
-- Each alarm's timeline starts with what is known of it: raised, and cleared by the device's data.
INSERT INTO "alarm_events" ("alarm_id", "type", "at")
SELECT "id", 'raised', "fault_time" FROM "alarms"
UNION ALL
SELECT "id", 'cleared', "resolution_time" FROM "alarms" WHERE "resolution_time" IS NOT NULL
ORDER BY 3, 1;--> statement-breakpoint
-- As for MANAGE_API_KEYS (0021): the provider's organization holds every code, this new one included.
UPDATE "organizations" SET "permissions" = array_append("permissions", 'HANDLE_ALARMS')
WHERE "is_provider" AND NOT ('HANDLE_ALARMS' = ANY("permissions"));
