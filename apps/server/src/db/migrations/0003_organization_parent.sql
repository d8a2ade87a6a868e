ALTER TABLE "organizations" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_parent_id_organizations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_email_active" ON "organizations" USING btree (lower("email")) WHERE "organizations"."is_active";--> statement-breakpoint
CREATE INDEX "organizations_parent" ON "organizations" USING btree ("parent_id");