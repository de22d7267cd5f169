import { users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { notFound } from '../../http/app-error.ts';
import type { ActionArgs } from './internal.ts';
import { pictureKeyOf } from './picture-key.ts';
import { PICTURE_TYPES } from './upload-picture.ts';

/** Any signed-in user: project managers' pictures show on every client's project ribbon. */
export async function getPicture({ ctx, input }: ActionArgs<{ id: number }>) {
  const [row] = await ctx.db.select({ pictureUri: users.pictureUri }).from(users).where(eq(users.id, input.id));
  const key = pictureKeyOf(row?.pictureUri ?? null);
  if (!key || !(await ctx.storage.exists(key))) throw notFound('No picture');
  const bytes = await ctx.storage.get(key);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !PICTURE_TYPES.includes(type.mime)) throw notFound('No picture');
  return { bytes, mime: type.mime };
}
