CREATE TABLE "activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"device_id" integer,
	"stlt_id" integer,
	"pole_id" integer,
	"address1" text NOT NULL,
	"address2" text NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"pin" text NOT NULL,
	"panel_id" text,
	"battery_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"version" integer NOT NULL,
	"values" jsonb NOT NULL,
	"command_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_stlt_id_stlts_id_fk" FOREIGN KEY ("stlt_id") REFERENCES "public"."stlts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_pole_id_poles_id_fk" FOREIGN KEY ("pole_id") REFERENCES "public"."poles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_parameters" ADD CONSTRAINT "device_parameters_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_parameters" ADD CONSTRAINT "device_parameters_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_parameters" ADD CONSTRAINT "device_parameters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activations_device_active" ON "activations" USING btree ("device_id") WHERE "activations"."is_active" and "activations"."device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "activations_stlt_active" ON "activations" USING btree ("stlt_id") WHERE "activations"."is_active" and "activations"."stlt_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "activations_pole_active" ON "activations" USING btree ("pole_id") WHERE "activations"."is_active" and "activations"."pole_id" is not null;--> statement-breakpoint
CREATE INDEX "activations_organization" ON "activations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "activations_state_city" ON "activations" USING btree ("state_id","city_id");--> statement-breakpoint
CREATE INDEX "device_commands_device_status" ON "device_commands" USING btree ("device_id","status");--> statement-breakpoint
CREATE INDEX "device_commands_organization" ON "device_commands" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_parameters_device_version" ON "device_parameters" USING btree ("device_id","version");--> statement-breakpoint
CREATE INDEX "device_parameters_command" ON "device_parameters" USING btree ("command_id");