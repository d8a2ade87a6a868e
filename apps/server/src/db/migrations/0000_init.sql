CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"mobile" text,
	"photo" text,
	"password_hash" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"photo" text,
	"state_id" integer,
	"city_id" integer,
	"address" text DEFAULT '' NOT NULL,
	"gst" text,
	"pan" text,
	"activation_date" date,
	"expiry_date" date,
	"company_logo" text,
	"tagline" text,
	"sub_domain" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_provider" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"refresh_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_active" ON "users" USING btree (lower("email")) WHERE "users"."is_active";--> statement-breakpoint
CREATE INDEX "users_organization" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_sub_domain_active" ON "organizations" USING btree (lower("sub_domain")) WHERE "organizations"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_one_provider" ON "organizations" USING btree ("is_provider") WHERE "organizations"."is_provider";--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");