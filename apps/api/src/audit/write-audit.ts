import type { Db } from '@rope/db/client';
import { auditLog } from '@rope/db/schema/index';
import type { FastifyRequest } from 'fastify';

export interface AuditEntry {
  action: string;
  actorUserId?: number | null;
  targetType?: string;
  targetId?: number;
  details?: Record<string, unknown>;
}

/** Who did what to whom, from where: e.g. login, login.failed, user.update, impersonation.start. */
export async function writeAudit(db: Db, entry: AuditEntry, request?: FastifyRequest): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? request?.auth?.actor?.userId ?? request?.auth?.user?.id ?? null,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
    ip: request?.ip,
  });
}
