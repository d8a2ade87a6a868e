CREATE TABLE "device_group_members" (
	"group_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "device_group_members_group_id_device_id_pk" PRIMARY KEY("group_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"filter" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_night_plans" (
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"night_minutes" integer NOT NULL,
	"planned_minutes" integer NOT NULL,
	"planned_share" real NOT NULL,
	"schedule_id" integer,
	CONSTRAINT "device_night_plans_day_device_id_pk" PRIMARY KEY("day","device_id")
);
--> statement-breakpoint
CREATE TABLE "dimming_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "energy_report_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project" text,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_sent_month" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lighting_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"group_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_deliveries" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"schedule_id" integer,
	"plan_hash" text NOT NULL,
	"nights" jsonb NOT NULL,
	"plan_until" date NOT NULL,
	"command_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"applied_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"profile_id" integer
);
--> statement-breakpoint
ALTER TABLE "activations" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "lamp_wh" real;--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD COLUMN "lit_hours" real;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD COLUMN "load_power_mean" real;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD COLUMN "lit_share" real;--> statement-breakpoint
ALTER TABLE "device_group_members" ADD CONSTRAINT "device_group_members_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_group_members" ADD CONSTRAINT "device_group_members_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_night_plans" ADD CONSTRAINT "device_night_plans_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_night_plans" ADD CONSTRAINT "device_night_plans_schedule_id_lighting_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."lighting_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimming_profiles" ADD CONSTRAINT "dimming_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimming_profiles" ADD CONSTRAINT "dimming_profiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_subscriptions" ADD CONSTRAINT "energy_report_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_report_subscriptions" ADD CONSTRAINT "energy_report_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lighting_schedules" ADD CONSTRAINT "lighting_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lighting_schedules" ADD CONSTRAINT "lighting_schedules_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lighting_schedules" ADD CONSTRAINT "lighting_schedules_profile_id_dimming_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."dimming_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lighting_schedules" ADD CONSTRAINT "lighting_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_deliveries" ADD CONSTRAINT "schedule_deliveries_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_deliveries" ADD CONSTRAINT "schedule_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_deliveries" ADD CONSTRAINT "schedule_deliveries_schedule_id_lighting_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."lighting_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_deliveries" ADD CONSTRAINT "schedule_deliveries_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_schedule_id_lighting_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."lighting_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_profile_id_dimming_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."dimming_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_group_members_device" ON "device_group_members" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_name" ON "device_groups" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "device_night_plans_device" ON "device_night_plans" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dimming_profiles_name" ON "dimming_profiles" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "energy_report_subscriptions_organization" ON "energy_report_subscriptions" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lighting_schedules_name" ON "lighting_schedules" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lighting_schedules_group" ON "lighting_schedules" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "lighting_schedules_profile" ON "lighting_schedules" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "schedule_deliveries_organization" ON "schedule_deliveries" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "schedule_deliveries_schedule" ON "schedule_deliveries" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "schedule_deliveries_command" ON "schedule_deliveries" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "schedule_exceptions_schedule" ON "schedule_exceptions" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "activations_tags" ON "activations" USING gin ("tags");