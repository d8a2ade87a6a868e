ALTER TABLE "users" ADD COLUMN "deleted_with_organization" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Users of an organization deleted before this column existed: those deleted in the same moment as it
-- (its deletion deactivated them in one transaction) were deleted with it, and come back with it.
UPDATE "users" SET "deleted_with_organization" = true
FROM "organizations"
WHERE "users"."organization_id" = "organizations"."id"
  AND NOT "users"."is_active" AND NOT "organizations"."is_active"
  AND abs(extract(epoch FROM "users"."updated_at" - "organizations"."updated_at")) < 5;
