CREATE TABLE "msisdn_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"sim_number" text NOT NULL,
	"imsi" text NOT NULL,
	"msisdn" text NOT NULL,
	"organization_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "msisdn_mappings" ADD CONSTRAINT "msisdn_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "msisdn_mappings_sim_number_active" ON "msisdn_mappings" USING btree ("sim_number") WHERE "msisdn_mappings"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "msisdn_mappings_imsi_active" ON "msisdn_mappings" USING btree ("imsi") WHERE "msisdn_mappings"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "msisdn_mappings_msisdn_active" ON "msisdn_mappings" USING btree ("msisdn") WHERE "msisdn_mappings"."is_active";--> statement-breakpoint
CREATE INDEX "msisdn_mappings_organization" ON "msisdn_mappings" USING btree ("organization_id");