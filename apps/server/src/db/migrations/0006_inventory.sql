CREATE TABLE "poles" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacture" text NOT NULL,
	"inventory_date" date NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pole_id" text NOT NULL,
	"model" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rms_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacture" text NOT NULL,
	"inventory_date" date NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device_id" text NOT NULL,
	"model" text NOT NULL,
	"expiry_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stlts" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacture" text NOT NULL,
	"inventory_date" date NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stlt_id" text NOT NULL,
	"model_no" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "poles" ADD CONSTRAINT "poles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poles" ADD CONSTRAINT "poles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rms_devices" ADD CONSTRAINT "rms_devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rms_devices" ADD CONSTRAINT "rms_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stlts" ADD CONSTRAINT "stlts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stlts" ADD CONSTRAINT "stlts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "poles_pole_id_active" ON "poles" USING btree (lower("pole_id")) WHERE "poles"."is_active";--> statement-breakpoint
CREATE INDEX "poles_organization" ON "poles" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rms_devices_device_id_active" ON "rms_devices" USING btree (lower("device_id")) WHERE "rms_devices"."is_active";--> statement-breakpoint
CREATE INDEX "rms_devices_organization" ON "rms_devices" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stlts_stlt_id_active" ON "stlts" USING btree (lower("stlt_id")) WHERE "stlts"."is_active";--> statement-breakpoint
CREATE INDEX "stlts_organization" ON "stlts" USING btree ("organization_id");