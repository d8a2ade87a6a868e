-- Telemetry that stays bounded (docs/operations.md "Telemetry storage"): samples partitioned by UTC
-- day, packed once their day is over, kept TELEMETRY_RETENTION_DAYS; hourly and daily rollups for long
-- ranges. The periodic maintenance (apps/server/src/telemetry/storage/) creates partitions ahead, rolls
-- up closed hours, packs closed days and drops what is past retention; this migration converts the
-- stored samples and creates a partition for every day they cover, so nothing is lost and the first
-- maintenance rolls them all up (and packs them).
--
-- The samples: columns widest first (no alignment padding), the primary key led by ts (the ingest
-- appends at its right edge, the device report reads it backwards), a device's rows found through a
-- deduplicated index on device_id. The old separate index on ts is gone: the key serves its uses.
ALTER TABLE "telemetry_samples" RENAME TO "telemetry_samples_unpartitioned";--> statement-breakpoint
CREATE TABLE "telemetry_samples" (
	"ts" timestamp with time zone NOT NULL,
	"energy_wh" double precision NOT NULL,
	"device_id" integer NOT NULL,
	"bt_v" real NOT NULL,
	"bt_ch_i" real NOT NULL,
	"bt_dis_i" real NOT NULL,
	"soc" real NOT NULL,
	"pv_v" real NOT NULL,
	"pv_i" real NOT NULL,
	"lo_v" real NOT NULL,
	"lo_i" real NOT NULL,
	"mppt" real NOT NULL,
	"temp" real NOT NULL,
	"gsm_sig" smallint NOT NULL,
	"brightness" smallint NOT NULL,
	"lo_sts" smallint NOT NULL
) PARTITION BY RANGE ("ts");--> statement-breakpoint
-- A row whose day has no partition (the maintenance not run for a week, a sample at the edge of
-- retention while its day is dropped) lands here instead of failing its batch; the maintenance moves
-- such rows into their day's partition when it creates it, and deletes them past retention.
CREATE TABLE "telemetry_samples_default" PARTITION OF "telemetry_samples" DEFAULT;--> statement-breakpoint
-- A partition per UTC day from the oldest stored sample's day to a week ahead.
DO $$
DECLARE
	first_day date := coalesce((SELECT min("ts" AT TIME ZONE 'UTC')::date FROM "telemetry_samples_unpartitioned"), (now() AT TIME ZONE 'UTC')::date);
	last_day date := (now() AT TIME ZONE 'UTC')::date + 7;
	d date;
BEGIN
	FOR d IN SELECT generate_series(least(first_day, last_day), last_day, interval '1 day')::date LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF "telemetry_samples" FOR VALUES FROM (%L) TO (%L)',
			'telemetry_samples_' || to_char(d, 'YYYYMMDD'), d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
	END LOOP;
END $$;--> statement-breakpoint
-- Keys and indexes are built after the copy: a sorted build is faster than row-by-row inserts and
-- leaves the pages full.
INSERT INTO "telemetry_samples" ("ts", "energy_wh", "device_id", "bt_v", "bt_ch_i", "bt_dis_i", "soc", "pv_v", "pv_i", "lo_v", "lo_i", "mppt", "temp", "gsm_sig", "brightness", "lo_sts")
	SELECT "ts", "energy_wh", "device_id", "bt_v", "bt_ch_i", "bt_dis_i", "soc", "pv_v", "pv_i", "lo_v", "lo_i", "mppt", "temp", "gsm_sig", "brightness", "lo_sts"
	FROM "telemetry_samples_unpartitioned";--> statement-breakpoint
DROP TABLE "telemetry_samples_unpartitioned";--> statement-breakpoint
ALTER TABLE "telemetry_samples" ADD CONSTRAINT "telemetry_samples_ts_device_id_pk" PRIMARY KEY("ts","device_id");--> statement-breakpoint
CREATE INDEX "telemetry_samples_device" ON "telemetry_samples" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "telemetry_samples" ADD CONSTRAINT "telemetry_samples_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Closed days' samples, packed per device and UTC hour (the maintenance packs a day once it has ended
-- and is rolled up, and drops it with the samples' day), partitioned by UTC day like the samples.
CREATE TABLE "telemetry_sample_hours" (
	"hour" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL,
	"samples" integer NOT NULL,
	"energy_wh" double precision[] NOT NULL,
	"offsets" integer[] NOT NULL,
	"readings" real[] NOT NULL,
	"levels" smallint[] NOT NULL,
	CONSTRAINT "telemetry_sample_hours_hour_device_id_pk" PRIMARY KEY("hour","device_id")
) PARTITION BY RANGE ("hour");--> statement-breakpoint
CREATE TABLE "telemetry_sample_hours_default" PARTITION OF "telemetry_sample_hours" DEFAULT;--> statement-breakpoint
CREATE INDEX "telemetry_sample_hours_device" ON "telemetry_sample_hours" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "telemetry_sample_hours" ADD CONSTRAINT "telemetry_sample_hours_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hourly rollups, partitioned by month of their hour (the maintenance creates the months it writes);
-- keys lead with the time (rows are appended an hour or a day of every device at a time), a device's
-- rows found through a deduplicated index on device_id.
CREATE TABLE "telemetry_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL,
	"samples" integer NOT NULL,
	"gsm_sig_mean" real NOT NULL,
	"bt_v_mean" real NOT NULL,
	"bt_ch_i_mean" real NOT NULL,
	"lo_i_mean" real NOT NULL,
	"pv_v_mean" real NOT NULL,
	"pv_i_mean" real NOT NULL,
	"mppt_mean" real NOT NULL,
	"soc_mean" real NOT NULL,
	"pv_power_low_ts" timestamp with time zone NOT NULL,
	"pv_power_low_lo_i" real NOT NULL,
	"pv_power_low_bt_v" real NOT NULL,
	"pv_power_low_lo_v" real NOT NULL,
	"pv_power_low_bt_ch_i" real NOT NULL,
	"pv_power_low_pv_i" real NOT NULL,
	"pv_power_low_pv_v" real NOT NULL,
	"pv_power_high_ts" timestamp with time zone,
	"pv_power_high_lo_i" real,
	"pv_power_high_bt_v" real,
	"pv_power_high_lo_v" real,
	"pv_power_high_bt_ch_i" real,
	"pv_power_high_pv_i" real,
	"pv_power_high_pv_v" real,
	"bt_v_low_ts" timestamp with time zone,
	"bt_v_low_lo_i" real,
	"bt_v_low_bt_v" real,
	"bt_v_low_lo_v" real,
	"bt_v_low_bt_ch_i" real,
	"bt_v_low_pv_i" real,
	"bt_v_low_pv_v" real,
	"bt_v_high_ts" timestamp with time zone,
	"bt_v_high_lo_i" real,
	"bt_v_high_bt_v" real,
	"bt_v_high_lo_v" real,
	"bt_v_high_bt_ch_i" real,
	"bt_v_high_pv_i" real,
	"bt_v_high_pv_v" real,
	"load_power_low_ts" timestamp with time zone,
	"load_power_low_lo_i" real,
	"load_power_low_bt_v" real,
	"load_power_low_lo_v" real,
	"load_power_low_bt_ch_i" real,
	"load_power_low_pv_i" real,
	"load_power_low_pv_v" real,
	"load_power_high_ts" timestamp with time zone,
	"load_power_high_lo_i" real,
	"load_power_high_bt_v" real,
	"load_power_high_lo_v" real,
	"load_power_high_bt_ch_i" real,
	"load_power_high_pv_i" real,
	"load_power_high_pv_v" real,
	"repeats" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_hourly_hour_device_id_pk" PRIMARY KEY("hour","device_id")
) PARTITION BY RANGE ("hour");--> statement-breakpoint
CREATE TABLE "telemetry_hourly_default" PARTITION OF "telemetry_hourly" DEFAULT;--> statement-breakpoint
CREATE TABLE "telemetry_daily" (
	"day" date NOT NULL,
	"device_id" integer NOT NULL,
	"samples" integer NOT NULL,
	"hours" integer NOT NULL,
	"harvest_samples" integer NOT NULL,
	"gsm_sig_mean" real NOT NULL,
	"bt_v_mean" real NOT NULL,
	"bt_ch_i_mean" real NOT NULL,
	"lo_i_mean" real NOT NULL,
	"pv_v_mean" real NOT NULL,
	"pv_i_mean" real NOT NULL,
	"mppt_mean" real NOT NULL,
	"soc_mean" real NOT NULL,
	"pv_power_low_ts" timestamp with time zone NOT NULL,
	"pv_power_low_lo_i" real NOT NULL,
	"pv_power_low_bt_v" real NOT NULL,
	"pv_power_low_lo_v" real NOT NULL,
	"pv_power_low_bt_ch_i" real NOT NULL,
	"pv_power_low_pv_i" real NOT NULL,
	"pv_power_low_pv_v" real NOT NULL,
	"pv_power_high_ts" timestamp with time zone,
	"pv_power_high_lo_i" real,
	"pv_power_high_bt_v" real,
	"pv_power_high_lo_v" real,
	"pv_power_high_bt_ch_i" real,
	"pv_power_high_pv_i" real,
	"pv_power_high_pv_v" real,
	"bt_v_low_ts" timestamp with time zone,
	"bt_v_low_lo_i" real,
	"bt_v_low_bt_v" real,
	"bt_v_low_lo_v" real,
	"bt_v_low_bt_ch_i" real,
	"bt_v_low_pv_i" real,
	"bt_v_low_pv_v" real,
	"bt_v_high_ts" timestamp with time zone,
	"bt_v_high_lo_i" real,
	"bt_v_high_bt_v" real,
	"bt_v_high_lo_v" real,
	"bt_v_high_bt_ch_i" real,
	"bt_v_high_pv_i" real,
	"bt_v_high_pv_v" real,
	"load_power_low_ts" timestamp with time zone,
	"load_power_low_lo_i" real,
	"load_power_low_bt_v" real,
	"load_power_low_lo_v" real,
	"load_power_low_bt_ch_i" real,
	"load_power_low_pv_i" real,
	"load_power_low_pv_v" real,
	"load_power_high_ts" timestamp with time zone,
	"load_power_high_lo_i" real,
	"load_power_high_bt_v" real,
	"load_power_high_lo_v" real,
	"load_power_high_bt_ch_i" real,
	"load_power_high_pv_i" real,
	"load_power_high_pv_v" real,
	"repeats" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_daily_day_device_id_pk" PRIMARY KEY("day","device_id")
);--> statement-breakpoint
CREATE TABLE "telemetry_rollup_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"rolled_to" timestamp with time zone
);--> statement-breakpoint
INSERT INTO "telemetry_rollup_state" ("id", "rolled_to") VALUES (1, NULL);--> statement-breakpoint
ALTER TABLE "telemetry_daily" ADD CONSTRAINT "telemetry_daily_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD CONSTRAINT "telemetry_hourly_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telemetry_daily_device" ON "telemetry_daily" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "telemetry_hourly_device" ON "telemetry_hourly" USING btree ("device_id");
