CREATE TABLE "report_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"filters" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"rows_total" integer,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "daily_harvest" ADD COLUMN "samples" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_user" ON "report_exports" USING btree ("user_id","created_at");--> statement-breakpoint
-- The days stored before this migration: a device's samples of a local day lie exactly between that
-- day's first_ts and last_ts (the ingest keeps both), so they are counted without knowing TIME_ZONE.
UPDATE "daily_harvest" AS h SET "samples" = (
	SELECT count(*) FROM "telemetry_samples" AS s
	WHERE s."device_id" = h."device_id" AND s."ts" >= h."first_ts" AND s."ts" <= h."last_ts"
);
