-- An organization has exactly one owner (is_primary): the user made with the organization. Before this,
-- every employee saved by the user form (which sends is_primary = true, spec 01 §3) became another
-- "primary" user, and the organization list, its count, Recent Companies and the dashboard listed the
-- organization once per such user.
-- Repair: in each organization the earliest primary user (by created_at, then id) stays the owner; every
-- later one becomes an ordinary employee (account, e-mail, password, codes and sessions unchanged). The
-- users changed are named in a warning in the database's log. Then a partial unique index makes a second
-- owner impossible.
DO $$
DECLARE
  changed text;
BEGIN
  WITH ranked AS (
    SELECT id, row_number() OVER (PARTITION BY organization_id ORDER BY created_at, id) AS rank
    FROM users
    WHERE is_primary
  ), demoted AS (
    UPDATE users SET is_primary = false, updated_at = now()
    FROM ranked
    WHERE users.id = ranked.id AND ranked.rank > 1
    RETURNING users.id, users.organization_id, users.email
  )
  SELECT string_agg(format('user %s (%s) of organization %s', id, email, organization_id), ', '
                    ORDER BY organization_id, id)
  INTO changed
  FROM demoted;
  IF changed IS NOT NULL THEN
    RAISE WARNING 'one owner per organization: no longer marked as their organization''s owner: %', changed;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner_per_organization" ON "users" USING btree ("organization_id") WHERE "users"."is_primary";
