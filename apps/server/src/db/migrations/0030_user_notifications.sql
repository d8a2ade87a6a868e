CREATE TABLE "notify_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_digests" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "notify_mailings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organizations" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"projects" text[] DEFAULT '{}'::text[] NOT NULL,
	"severities" text[] NOT NULL,
	"channels" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"alarm_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notify_digests" ADD CONSTRAINT "notify_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_mailings" ADD CONSTRAINT "notify_mailings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_preferences" ADD CONSTRAINT "notify_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_event_id_alarm_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alarm_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_once" ON "user_notifications" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "user_notifications_user" ON "user_notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_notifications_unread" ON "user_notifications" USING btree ("user_id") WHERE "user_notifications"."read_at" is null and "user_notifications"."in_app";--> statement-breakpoint
CREATE INDEX "user_notifications_to_mail" ON "user_notifications" USING btree ("user_id") WHERE "user_notifications"."email" and "user_notifications"."emailed_at" is null;