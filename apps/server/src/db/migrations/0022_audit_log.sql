CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"api_key_id" integer,
	"actor" text,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"record_id" text,
	"change" text,
	"record_count" integer,
	"fields" text[] NOT NULL,
	"status" integer NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_created" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_organization" ON "audit_log" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_record" ON "audit_log" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "audit_log_user" ON "audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_api_key" ON "audit_log" USING btree ("api_key_id");--> statement-breakpoint
-- As for MANAGE_API_KEYS (0021): the provider's organization holds every code, this new one included.
UPDATE "organizations" SET "permissions" = array_append("permissions", 'VIEW_AUDIT_LOG')
WHERE "is_provider" AND NOT ('VIEW_AUDIT_LOG' = ANY("permissions"));
