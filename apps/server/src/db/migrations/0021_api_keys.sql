CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"name" text NOT NULL,
	"organization_id" integer NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_id" ON "api_keys" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "api_keys_organization" ON "api_keys" USING btree ("organization_id","id");--> statement-breakpoint
-- The provider's organization holds every code (first start); a code added later is added to it here,
-- so its super-user's staff can be given it. Customer organizations get it from their parent.
UPDATE "organizations" SET "permissions" = array_append("permissions", 'MANAGE_API_KEYS')
WHERE "is_provider" AND NOT ('MANAGE_API_KEYS' = ANY("permissions"));
