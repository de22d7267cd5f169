import { taskNotes, users } from '@rope/db/schema/index';
import { displayName } from '@rope/domain/users/schemas';
import { asc, eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { shownEmail } from '../users/index.ts';
import { findTask } from './internal.ts';

/** The task's notes, oldest first, with who wrote them. */
export async function listTaskNotes({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const task = await findTask(ctx, actor, input.id);
  const rows = await ctx.db
    .select({ note: taskNotes, firstname: users.firstname, lastname: users.lastname, email: shownEmail() })
    .from(taskNotes)
    .leftJoin(users, eq(users.id, taskNotes.userId))
    .where(eq(taskNotes.taskId, task.id))
    .orderBy(asc(taskNotes.createdAt), asc(taskNotes.id));
  return {
    notes: rows.map((row) => ({
      timestamp: row.note.createdAt.toISOString(),
      user: { name: displayName(row) },
      note: row.note.note,
    })),
  };
}
