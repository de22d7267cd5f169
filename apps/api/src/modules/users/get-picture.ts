import { users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import type { ActionArgs } from '../action-args.ts';
import { pictureKeyOf } from './picture-key.ts';

/** Any signed-in user: project managers' pictures show on every client's project ribbon. */
export async function findPictureKey({ ctx, input }: ActionArgs<{ id: number }>): Promise<string | undefined> {
  const [row] = await ctx.db.select({ pictureUri: users.pictureUri }).from(users).where(eq(users.id, input.id));
  return pictureKeyOf(row?.pictureUri ?? null);
}
