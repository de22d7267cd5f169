import { users } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { hasProfilePicture, mayChangePicture } from '@rope/domain/users/policy';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { Upload, UploadRules } from '../../http/read-upload.ts';
import { uprightUpload } from '../../http/upright-upload.ts';
import type { ActionArgs } from '../action-args.ts';
import { USER_NOT_FOUND } from './internal.ts';
import { pictureKeyOf, pictureUriFor } from './picture-key.ts';

export const PICTURE_TYPES = ['image/jpeg', 'image/png'];

export const PICTURE_RULES: UploadRules = {
  maxBytes: 2 * 1024 * 1024,
  types: PICTURE_TYPES,
  messages: {
    notMultipart: 'app.errors.pictureNotMultipart',
    missing: 'app.errors.pictureMissing',
    tooLarge: 'app.errors.pictureTooLarge',
    wrongType: 'app.errors.pictureWrongType',
  },
  /** Profile pictures up to 16 megapixels (a phone photo), at most 20000 pixels a side. */
  maxPixels: 16_000_000,
};

export interface PictureUpload {
  id: number;
  /** Reads and checks the uploaded file only once the caller may upload, so refused requests cost no buffering. */
  readFile: () => Promise<Upload>;
}

export async function uploadPicture({ ctx, actor, input, request }: ActionArgs<PictureUpload>) {
  // Same answer for every id a caller may not change, so this call reveals no user.
  if (!mayChangePicture(actor, input.id)) throw forbidden(message('app.errors.ownPictureOnly'));
  const [row] = await ctx.db
    .select({ id: users.id, roles: users.roles, pictureUri: users.pictureUri })
    .from(users)
    .where(eq(users.id, input.id));
  if (!row) throw notFound(USER_NOT_FOUND);
  if (!hasProfilePicture(row)) throw new AppError('RULE_VIOLATION', message('app.errors.pictureProjectManagersOnly'));
  const upload = await input.readFile();
  const image = await uprightUpload(upload.bytes, {
    maxPixels: PICTURE_RULES.maxPixels!,
    metadata: ctx.env.IMAGE_METADATA,
  });
  const { key } = await ctx.storage.put(image.bytes, { prefix: 'pictures', type: upload.type });
  const pictureUri = pictureUriFor(row.id, key);
  await ctx.db.update(users).set({ pictureUri }).where(eq(users.id, row.id));
  const oldKey = pictureKeyOf(row.pictureUri);
  if (oldKey) await ctx.storage.remove(oldKey);
  await writeAudit(
    ctx.db,
    { action: 'user.picture', actorUserId: actor.userId, targetType: 'user', targetId: row.id },
    request,
  );
  return { user: { id: row.id, pictureUri } };
}
