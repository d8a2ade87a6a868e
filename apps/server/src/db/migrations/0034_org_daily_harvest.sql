CREATE TABLE "org_daily_harvest" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"harvest_mwh" bigint NOT NULL,
	CONSTRAINT "org_daily_harvest_organization_id_day_shard_pk" PRIMARY KEY("organization_id","day","shard")
);
--> statement-breakpoint
ALTER TABLE "org_daily_harvest" ADD CONSTRAINT "org_daily_harvest_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_daily_harvest_day" ON "org_daily_harvest" USING btree ("day");--> statement-breakpoint
-- The devices' harvest so far, by their current organization (telemetry/org-harvest.ts keeps it on).
INSERT INTO "org_daily_harvest" ("organization_id", "day", "shard", "harvest_mwh")
SELECT d."organization_id", h."day", h."device_id" % 16, sum(round(h."harvest_wh" * 1000)::bigint)
FROM "daily_harvest" h JOIN "rms_devices" d ON d."id" = h."device_id"
GROUP BY 1, 2, 3;
