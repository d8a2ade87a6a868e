import { quoteIdent, type SqlSession } from './sql-session';

// Before a restore the target database loses its schema as well as its rows: the backup's tables are
// made again by the migrations of the backup's level, and a schema already migrated further (an empty
// database a newer start made) would not take the backup's rows. Everything of the public schema goes
// (tables with their sequences, views, types and functions, not those of an extension) and drizzle's
// record of applied migrations. The schema itself stays, with its owner and grants.

export async function clearDatabase(session: SqlSession): Promise<void> {
  const relations = await session.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind::text AS kind FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND NOT c.relispartition AND NOT EXISTS (
          SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`,
  );
  const drop = (kind: string, what: string) => ({ kind, what });
  const statements = [
    ...relations.filter((r) => r.kind === 'v').map((r) => drop('VIEW', r.name)),
    ...relations.filter((r) => r.kind === 'm').map((r) => drop('MATERIALIZED VIEW', r.name)),
    ...relations.filter((r) => r.kind === 'f').map((r) => drop('FOREIGN TABLE', r.name)),
    ...relations.filter((r) => r.kind === 'r' || r.kind === 'p').map((r) => drop('TABLE', r.name)),
    ...relations.filter((r) => r.kind === 'S').map((r) => drop('SEQUENCE', r.name)),
  ];
  for (const { kind, what } of statements)
    await session.query(`DROP ${kind} IF EXISTS ${quoteIdent(what)} CASCADE`);
  const functions = await session.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND NOT EXISTS (
        SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
  );
  // regprocedure's text is already quoted where it must be.
  for (const { signature } of functions) await session.query(`DROP ROUTINE IF EXISTS ${signature} CASCADE`);
  const types = await session.query<{ name: string }>(
    `SELECT t.typname AS name FROM pg_type t
      WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'r') AND NOT EXISTS (
        SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')`,
  );
  for (const { name } of types) await session.query(`DROP TYPE IF EXISTS ${quoteIdent(name)} CASCADE`);
  await session.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
}
