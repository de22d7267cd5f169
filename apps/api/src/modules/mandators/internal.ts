import { areas, mandators, userMandators } from '@rope/db/schema/index';
import type { MandatorSettings } from '@rope/domain/mandators/schemas';
import { message } from '@rope/domain/messages';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import type { MandatorAnswer } from './schemas.ts';

export type MandatorRow = typeof mandators.$inferSelect;

export const MANDATOR_NOT_FOUND = message('app.errors.mandatorNotFound');
export const MANDATOR_IN_USE = message('app.errors.mandatorInUse');

/** A mandator stays while an area (archived ones too) or a user refers to it. */
export function inUse(mandatorId: SQL | number): SQL {
  const byArea = sql`select 1 from ${areas} where ${areas.mandatorId} = ${mandatorId}`;
  const byUser = sql`select 1 from ${userMandators} where ${userMandators.mandatorId} = ${mandatorId}`;
  return sql`(exists (${byArea}) or exists (${byUser}))`;
}

/** Fetch-or-404: every mandator is the admins' to manage, so there is no tenant to filter by. */
export async function findMandator(ctx: AppContext, id: number): Promise<MandatorRow> {
  const [row] = await ctx.db.select().from(mandators).where(eq(mandators.id, id));
  if (!row) throw notFound(MANDATOR_NOT_FOUND);
  return row;
}

export function toMandatorAnswer(row: MandatorRow, used: boolean): MandatorAnswer {
  return {
    id: row.id,
    name: row.name,
    passwordExpiryDays: row.settings.passwordExpiryDays || null,
    canBeDeleted: !used,
  };
}

/** 0 switches expiry off, which is the same as no setting. */
export function withPasswordExpiry(settings: MandatorSettings, days: number | null | undefined): MandatorSettings {
  if (days === undefined) return settings;
  const { passwordExpiryDays: _old, ...rest } = settings;
  return days ? { ...rest, passwordExpiryDays: days } : rest;
}
