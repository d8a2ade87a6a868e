CREATE TABLE "load_status" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"lo_sts" smallint,
	"command_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_status_device_id_unique" UNIQUE("device_id")
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"fault_code" text DEFAULT '' NOT NULL,
	"fault_time" timestamp with time zone NOT NULL,
	"resolution_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "daily_harvest" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"harvest_wh" double precision NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_energy_wh" double precision NOT NULL,
	CONSTRAINT "daily_harvest_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_keys" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_live_state" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"sample" jsonb NOT NULL,
	"telecom" text,
	"faults" jsonb
);
--> statement-breakpoint
CREATE TABLE "telemetry_samples" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"gsm_sig" smallint NOT NULL,
	"bt_v" real NOT NULL,
	"bt_ch_i" real NOT NULL,
	"bt_dis_i" real NOT NULL,
	"soc" real NOT NULL,
	"pv_v" real NOT NULL,
	"pv_i" real NOT NULL,
	"lo_v" real NOT NULL,
	"lo_i" real NOT NULL,
	"brightness" smallint NOT NULL,
	"lo_sts" smallint NOT NULL,
	"mppt" real NOT NULL,
	"energy_wh" double precision NOT NULL,
	"temp" real NOT NULL,
	CONSTRAINT "telemetry_samples_device_id_ts_pk" PRIMARY KEY("device_id","ts")
);
--> statement-breakpoint
ALTER TABLE "load_status" ADD CONSTRAINT "load_status_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_status" ADD CONSTRAINT "load_status_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_harvest" ADD CONSTRAINT "daily_harvest_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_keys" ADD CONSTRAINT "device_keys_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_live_state" ADD CONSTRAINT "device_live_state_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_samples" ADD CONSTRAINT "telemetry_samples_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_once" ON "alarms" USING btree ("device_id","kind","fault_code") WHERE "alarms"."resolution_time" is null;--> statement-breakpoint
CREATE INDEX "alarms_device_time" ON "alarms" USING btree ("device_id","fault_time");--> statement-breakpoint
CREATE INDEX "alarms_fault_time" ON "alarms" USING btree ("fault_time");--> statement-breakpoint
CREATE INDEX "daily_harvest_day" ON "daily_harvest" USING btree ("day");--> statement-breakpoint
CREATE INDEX "device_live_state_seen" ON "device_live_state" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "telemetry_samples_ts" ON "telemetry_samples" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "device_commands_open" ON "device_commands" USING btree ("device_id") WHERE "device_commands"."status" in ('pending', 'sent');