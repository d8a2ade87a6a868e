CREATE TABLE "inspection_devices" (
	"inspection_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"command_id" bigint,
	CONSTRAINT "inspection_devices_inspection_id_device_id_pk" PRIMARY KEY("inspection_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"insp" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_devices" ADD CONSTRAINT "inspection_devices_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_devices" ADD CONSTRAINT "inspection_devices_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_devices" ADD CONSTRAINT "inspection_devices_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_devices_device" ON "inspection_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "inspections_organization" ON "inspections" USING btree ("organization_id");