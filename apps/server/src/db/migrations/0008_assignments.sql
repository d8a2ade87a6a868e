CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"from_organization_id" integer NOT NULL,
	"to_organization_id" integer NOT NULL,
	"expiry_date" date NOT NULL,
	"device_type" text,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_kind" CHECK ("assignments"."kind" in ('rms', 'stlt', 'pole'))
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_from_organization_id_organizations_id_fk" FOREIGN KEY ("from_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_to_organization_id_organizations_id_fk" FOREIGN KEY ("to_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_item" ON "assignments" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "assignments_from" ON "assignments" USING btree ("from_organization_id");--> statement-breakpoint
CREATE INDEX "assignments_to" ON "assignments" USING btree ("to_organization_id");