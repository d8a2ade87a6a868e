CREATE TABLE "dropdown_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"can_disabled" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dropdown_groups_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "dropdown_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"value" text NOT NULL,
	"code" integer,
	"is_editable" boolean DEFAULT true NOT NULL,
	"is_deletable" boolean DEFAULT true NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gst_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_name" text NOT NULL,
	"name" text NOT NULL,
	"value" numeric(5, 2) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hsn_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"hsn_no" text NOT NULL,
	"same_state" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"other_state" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dropdown_groups" ADD CONSTRAINT "dropdown_groups_parent_id_dropdown_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dropdown_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropdown_values" ADD CONSTRAINT "dropdown_values_group_id_dropdown_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dropdown_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dropdown_groups_parent" ON "dropdown_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dropdown_values_value_active" ON "dropdown_values" USING btree ("group_id",lower("value")) WHERE "dropdown_values"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "gst_settings_name_active" ON "gst_settings" USING btree (lower("name")) WHERE "gst_settings"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "hsn_settings_no_active" ON "hsn_settings" USING btree ("hsn_no") WHERE "hsn_settings"."is_active";