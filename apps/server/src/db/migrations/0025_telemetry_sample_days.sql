-- Closed days' samples packed one row per device and UTC day instead of one per UTC hour
-- (apps/server/src/telemetry/storage/packing.ts, docs/operations.md "Telemetry storage"): a day's row
-- shares its header and index entries among all its samples and is large enough for PostgreSQL to
-- compress its arrays, which an hour of samples taken every 5 minutes was not. Each column is its own
-- array (a reader unnests them together, each decompressed once per day), and `offsets` holds each
-- sample's milliseconds after the one before (the first: after the day's start), which compresses to
-- almost nothing at a steady cadence. Every packed hour is converted here, sample for sample, into the
-- partitions of the same days, and the hours' table dropped.
CREATE TABLE "telemetry_sample_days" (
	"day" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL,
	"samples" integer NOT NULL,
	"offsets" integer[] NOT NULL,
	"energy_wh" double precision[] NOT NULL,
	"bt_v" real[] NOT NULL,
	"bt_ch_i" real[] NOT NULL,
	"bt_dis_i" real[] NOT NULL,
	"soc" real[] NOT NULL,
	"pv_v" real[] NOT NULL,
	"pv_i" real[] NOT NULL,
	"lo_v" real[] NOT NULL,
	"lo_i" real[] NOT NULL,
	"mppt" real[] NOT NULL,
	"temp" real[] NOT NULL,
	"gsm_sig" smallint[] NOT NULL,
	"brightness" smallint[] NOT NULL,
	"lo_sts" smallint[] NOT NULL
) PARTITION BY RANGE ("day");--> statement-breakpoint
CREATE TABLE "telemetry_sample_days_default" PARTITION OF "telemetry_sample_days" DEFAULT;--> statement-breakpoint
-- A partition for every day the hours had one (the maintenance drops it with its samples' day).
DO $$
DECLARE
	d date;
BEGIN
	FOR d IN SELECT to_date(right(c.relname, 8), 'YYYYMMDD') FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
		WHERE i.inhparent = 'telemetry_sample_hours'::regclass AND c.relname ~ '_[0-9]{8}$' LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF "telemetry_sample_days" FOR VALUES FROM (%L) TO (%L)',
			'telemetry_sample_days_' || to_char(d, 'YYYYMMDD'), d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
	END LOOP;
END $$;--> statement-breakpoint
-- Each packed hour's samples (the hour's offsets are milliseconds after the hour, its readings and
-- levels one row per sample), regrouped by device and UTC day in time order. The milliseconds are
-- counted in integers, so every sample keeps its exact time.
INSERT INTO "telemetry_sample_days" ("day", "device_id", "samples", "offsets", "energy_wh", "bt_v", "bt_ch_i", "bt_dis_i", "soc", "pv_v", "pv_i", "lo_v", "lo_i", "mppt", "temp", "gsm_sig", "brightness", "lo_sts")
	SELECT "day", "device_id", count(*)::int, array_agg("ms" - coalesce("previous", 0) ORDER BY "ms"), array_agg("energy_wh" ORDER BY "ms"), array_agg("bt_v" ORDER BY "ms"), array_agg("bt_ch_i" ORDER BY "ms"), array_agg("bt_dis_i" ORDER BY "ms"), array_agg("soc" ORDER BY "ms"), array_agg("pv_v" ORDER BY "ms"), array_agg("pv_i" ORDER BY "ms"), array_agg("lo_v" ORDER BY "ms"), array_agg("lo_i" ORDER BY "ms"), array_agg("mppt" ORDER BY "ms"), array_agg("temp" ORDER BY "ms"), array_agg("gsm_sig" ORDER BY "ms"), array_agg("brightness" ORDER BY "ms"), array_agg("lo_sts" ORDER BY "ms")
	FROM (
		SELECT s.*, lag("ms") OVER (PARTITION BY "day", "device_id" ORDER BY "ms") AS "previous"
		FROM (
			SELECT date_trunc('day', h."hour", 'UTC') AS "day", h."device_id",
				extract(epoch FROM h."hour" - date_trunc('day', h."hour", 'UTC'))::int * 1000 + u.o AS "ms",
				u.e AS "energy_wh",
				h."readings"[u.i][1] AS "bt_v",
				h."readings"[u.i][2] AS "bt_ch_i",
				h."readings"[u.i][3] AS "bt_dis_i",
				h."readings"[u.i][4] AS "soc",
				h."readings"[u.i][5] AS "pv_v",
				h."readings"[u.i][6] AS "pv_i",
				h."readings"[u.i][7] AS "lo_v",
				h."readings"[u.i][8] AS "lo_i",
				h."readings"[u.i][9] AS "mppt",
				h."readings"[u.i][10] AS "temp",
				h."levels"[u.i][1] AS "gsm_sig",
				h."levels"[u.i][2] AS "brightness",
				h."levels"[u.i][3] AS "lo_sts"
			FROM "telemetry_sample_hours" h
			CROSS JOIN LATERAL unnest(h."offsets", h."energy_wh") WITH ORDINALITY AS u(o, e, i)
		) s
	) t
	GROUP BY "day", "device_id";--> statement-breakpoint
DROP TABLE "telemetry_sample_hours";--> statement-breakpoint
ALTER TABLE "telemetry_sample_days" ADD CONSTRAINT "telemetry_sample_days_day_device_id_pk" PRIMARY KEY("day","device_id");--> statement-breakpoint
CREATE INDEX "telemetry_sample_days_device" ON "telemetry_sample_days" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "telemetry_sample_days" ADD CONSTRAINT "telemetry_sample_days_device_id_rms_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."rms_devices"("id") ON DELETE no action ON UPDATE no action;
