-- The compact map's version (map-service.ts mapVersion), kept by the writes instead of read off the
-- fleet's tables on every request (that read grew with the fleet: about 9 ms at 10,000 devices). Every
-- transaction that changes what the map shows adds one to a shard's count as it commits; the version is
-- the sum, so it moves with each commit and never goes back.
CREATE TABLE "map_version" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The count starts at random, so that a database made again (a fresh install, a test) does not repeat
-- the versions, and so the ETags, a browser may still hold from the one before it.
INSERT INTO "map_version" ("shard", "changes")
SELECT s, CASE WHEN s = 0 THEN floor(random() * 1e15)::bigint ELSE 0 END FROM generate_series(0, 15) AS s;
--> statement-breakpoint
-- Once per transaction (the transaction-local setting remembers it). The shard is picked by transaction
-- id, so concurrent writers such as the ingest workers seldom wait on the same row; the triggers below are
-- deferred to the commit, so the shard's row is the last lock a transaction takes and cannot be part of a
-- deadlock with the rows it writes. What that asks of the code: no SET CONSTRAINTS ... IMMEDIATE in a
-- transaction that writes these tables (the bump would then hold the shard's row mid-transaction), and no
-- writer of them at REPEATABLE READ or SERIALIZABLE (another commit's bump of its shard would fail its
-- own at commit). A write that bypasses row triggers (session_replication_role = replica, a migration
-- rewriting these tables) must add one itself. Backups leave this table out (backup/catalog.ts).
CREATE FUNCTION "map_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rms.map_version_bumped', true) IS DISTINCT FROM '1' THEN
    PERFORM set_config('rms.map_version_bumped', '1', true);
    UPDATE "map_version" SET "changes" = "changes" + 1 WHERE "shard" = txid_current() % 16;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A device's status: the ingest rewrites every reporting device's live row, but its status seldom
-- changes, and only then does the map (the WHEN is checked as the row is written, nothing is queued).
CREATE CONSTRAINT TRIGGER "map_version_live_status" AFTER UPDATE OF "status" ON "device_live_state"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "map_version_live_rows" AFTER INSERT OR DELETE ON "device_live_state"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
-- The activations and the inventory they join: a move to another organization, a new position, a
-- renamed pole a search may match. Written by people, not by the ingest.
CREATE CONSTRAINT TRIGGER "map_version_activations" AFTER INSERT OR UPDATE OR DELETE ON "activations"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "map_version_rms_devices" AFTER INSERT OR UPDATE OR DELETE ON "rms_devices"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "map_version_stlts" AFTER INSERT OR UPDATE OR DELETE ON "stlts"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "map_version_poles" AFTER INSERT OR UPDATE OR DELETE ON "poles"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "map_version_truncate" AFTER TRUNCATE ON "device_live_state" FOR EACH STATEMENT EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "map_version_truncate" AFTER TRUNCATE ON "activations" FOR EACH STATEMENT EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "map_version_truncate" AFTER TRUNCATE ON "rms_devices" FOR EACH STATEMENT EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "map_version_truncate" AFTER TRUNCATE ON "stlts" FOR EACH STATEMENT EXECUTE FUNCTION "map_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "map_version_truncate" AFTER TRUNCATE ON "poles" FOR EACH STATEMENT EXECUTE FUNCTION "map_version_bump"();
