-- A list counts a tenant's active activations on every page: with is_active in the index that count is
-- an index-only scan instead of a pass over the rows.
DROP INDEX "activations_organization";--> statement-breakpoint
CREATE INDEX "activations_organization" ON "activations" USING btree ("organization_id","is_active");
