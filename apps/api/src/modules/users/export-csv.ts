import { mandators, notificationDeliveries, userMandators, users, userTokens } from '@rope/db/schema/index';
import type { SheetReader } from '@rope/domain/csv';
import {
  expiredResetsCsv,
  type ListCsvRow,
  loginsCsv,
  notificationsCsv,
  USER_CSV_FILES,
  type UserCsvKind,
  userListCsv,
} from '@rope/domain/users/csv';
import { and, asc, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { assertCan } from '../../http/guards.ts';
import { type SheetQuery, sheetReader } from '../../http/sheet-reader.ts';
import { USER_CSV_TEXTS } from '../../i18n/csv-texts.ts';
import type { ActionArgs } from '../action-args.ts';
import { shownEmail } from './shown-email.ts';

const byEmail = [asc(sql`lower(${shownEmail()})`), asc(users.id)];
const person = {
  email: shownEmail(),
  firstname: users.firstname,
  lastname: users.lastname,
  roles: users.roles,
  isActive: users.isActive,
};

async function logins(ctx: AppContext, reader: SheetReader) {
  const rows = await ctx.db
    .select({ ...person, lastLoginAt: users.lastLoginAt })
    .from(users)
    .orderBy(...byEmail);
  return loginsCsv(reader, rows, USER_CSV_TEXTS);
}

async function notifications(ctx: AppContext, reader: SheetReader) {
  const rows = await ctx.db
    .select({
      ...person,
      notificationEnabled: users.notificationEnabled,
      unsubscribedAt: users.unsubscribedAt,
      deliveries: count(notificationDeliveries.id),
    })
    .from(users)
    .leftJoin(notificationDeliveries, eq(notificationDeliveries.userId, users.id))
    .groupBy(users.id)
    .orderBy(...byEmail);
  return notificationsCsv(reader, rows, USER_CSV_TEXTS);
}

async function list(ctx: AppContext, reader: SheetReader) {
  const rows = await ctx.db
    .select({
      ...person,
      id: users.id,
      phone: users.phone,
      function: users.function,
      languageId: users.languageId,
    })
    .from(users)
    .orderBy(...byEmail);
  const links = await ctx.db
    .select({ userId: userMandators.userId, name: mandators.name })
    .from(userMandators)
    .innerJoin(mandators, eq(mandators.id, userMandators.mandatorId))
    .orderBy(asc(mandators.name));
  const names = new Map<number, string[]>();
  for (const link of links) names.set(link.userId, [...(names.get(link.userId) ?? []), link.name]);
  return userListCsv(
    reader,
    rows.map((row): ListCsvRow => ({ ...row, mandators: names.get(row.id) ?? [] })),
    USER_CSV_TEXTS,
  );
}

/** Reset links that ran out without being used: people who asked for a reset and never finished it. */
async function resets(ctx: AppContext, reader: SheetReader) {
  const rows = await ctx.db
    .select({ email: shownEmail(), createdAt: userTokens.createdAt, expiresAt: userTokens.expiresAt })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.kind, 'reset'), isNull(userTokens.usedAt), lt(userTokens.expiresAt, new Date())))
    .orderBy(desc(userTokens.createdAt), asc(userTokens.id));
  return expiredResetsCsv(reader, rows, USER_CSV_TEXTS);
}

const BUILDERS: Record<UserCsvKind, (ctx: AppContext, reader: SheetReader) => Promise<string>> = {
  logins,
  notifications,
  list,
  resets,
};

/**
 * Admin downloads (USER_EXPORT): the whole user base, so every download is audited. Written for the admin's Excel:
 * their language's separator, headers and labels, times in their zone.
 */
export async function exportUsersCsv({ ctx, actor, input, request }: ActionArgs<{ kind: UserCsvKind } & SheetQuery>) {
  assertCan(actor, 'USER_EXPORT');
  const csv = await BUILDERS[input.kind](ctx, await sheetReader(ctx, actor, input));
  await writeAudit(
    ctx.db,
    { action: 'user.export', actorUserId: actor.userId, details: { kind: input.kind } },
    request,
  );
  return { csv, fileName: USER_CSV_FILES[input.kind] };
}
