CREATE TABLE "device_rejects" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_topic" text,
	"last_reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_rejects" ADD CONSTRAINT "device_rejects_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;