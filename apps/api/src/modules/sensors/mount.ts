import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import type { AppContext } from '../../context.ts';
import { AppError, validationError } from '../../http/app-error.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import { findRope } from '../ropes/index.ts';

/**
 * The rope a device or smartrope is to be mounted on, under the rules of everything on a rope: a rope the actor
 * does not see is named as missing in the field, an archived one is refused.
 */
export async function ropeToMount(
  ctx: AppContext,
  actor: Actor,
  rope: { id: number } | null,
  field: string,
): Promise<number | null> {
  if (rope === null) return null;
  try {
    const found = await findRope(ctx, actor, rope.id);
    assertWritable([found.rope, found.installation, found.area]);
    return found.rope.id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw validationError({ [field]: message('app.errors.noSuchRope') });
    }
    throw error;
  }
}
