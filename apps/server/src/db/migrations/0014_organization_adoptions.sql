CREATE TABLE "organization_adoptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"adopted_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_adoptions" ADD CONSTRAINT "organization_adoptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_adoptions" ADD CONSTRAINT "organization_adoptions_adopted_id_organizations_id_fk" FOREIGN KEY ("adopted_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_adoptions_code" ON "organization_adoptions" USING btree ("code_hash");