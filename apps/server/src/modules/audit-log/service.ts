import { and, between, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { AuditListQuery, AuditRow } from '@rms/contracts/audit-log';
import type { AuthUser } from '../../auth/access';
import { addDays } from '../../calendar';
import type { Db } from '../../db/client';
import { pageOf, pageWindow } from '../../db/paging';
import { auditLog } from '../../db/schema/audit-log';
import { organizations } from '../../db/schema/organizations';
import { containsPattern } from '../../db/search';
import { dayStart } from '../monitoring';

// Reading the audit log: the provider's people see every organization's rows (and may pick one), an
// organization's people only their own organization's, whatever they ask for.

type AuditRecord = typeof auditLog.$inferSelect;

function filtersOf(auth: AuthUser, q: AuditListQuery, timeZone: string): SQL | undefined {
  return and(
    auth.isProvider ? undefined : eq(auditLog.organizationId, auth.organizationId),
    q.organization ? eq(auditLog.organizationId, q.organization) : undefined,
    q.actor ? ilike(auditLog.actor, containsPattern(q.actor)) : undefined,
    q.user ? eq(auditLog.userId, q.user) : undefined,
    q.api_key ? eq(auditLog.apiKeyId, q.api_key) : undefined,
    q.area ? eq(auditLog.area, q.area) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.record ? eq(auditLog.recordId, q.record) : undefined,
    q.outcome === 'success' ? between(auditLog.status, 200, 299) : undefined,
    q.outcome === 'failure' ? gte(auditLog.status, 400) : undefined,
    q.created_at__gte ? gte(auditLog.createdAt, dayStart(q.created_at__gte, timeZone)) : undefined,
    q.created_at__lte ? lt(auditLog.createdAt, dayStart(addDays(q.created_at__lte, 1), timeZone)) : undefined,
  );
}

/** The rows the caller may see that match the filters, newest first. */
export async function listAudit(db: Db, auth: AuthUser, q: AuditListQuery, timeZone: string) {
  const where = filtersOf(auth, q, timeZone);
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: auditLog, organizationName: organizations.companyName })
      .from(auditLog)
      .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return pageOf(
    q,
    rows.map(({ row, organizationName }) => toRow(row, organizationName)),
    total?.n ?? 0,
  );
}

function toRow(row: AuditRecord, organizationName: string | null): AuditRow {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    organization: row.organizationId,
    organization_name: organizationName,
    actor_kind: row.apiKeyId !== null ? 'api_key' : row.userId !== null ? 'user' : 'anonymous',
    user: row.userId,
    api_key: row.apiKeyId,
    actor: row.actor,
    area: row.area,
    action: row.action,
    method: row.method,
    route: row.route,
    record_id: row.recordId,
    change: row.change === 'delete' || row.change === 'restore' ? row.change : null,
    record_count: row.recordCount,
    fields: row.fields,
    status: row.status,
    ip: row.ip,
    user_agent: row.userAgent,
  };
}
