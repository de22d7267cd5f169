import { smartropes } from '@rope/db/schema/index';
import type { SmartropePatch } from '@rope/domain/smartropes/schemas';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { writeAudit } from '../../audit/write-audit.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { ropeToMount } from '../sensors/index.ts';
import { findSmartrope } from './internal.ts';
import { loadSmartrope } from './load.ts';
import { saveSmartropeSensors, withUniqueUuid } from './save.ts';

const mergedSchema = z.object({
  name: z.string().trim().min(1).max(255),
  uuid: z.string().trim().min(1).max(64),
  rope: z.object({ id: z.number() }).nullable(),
});

/** Any part of the smartrope as GET answers it; sensors merge by id, new ones are added, none are dropped. */
export async function updateSmartrope({
  ctx,
  actor,
  input,
  request,
}: ActionArgs<{ id: number; patch: SmartropePatch }>) {
  assertCan(actor, 'SMARTROPE_MANAGE');
  const smartrope = await findSmartrope(ctx, actor, input.id);
  const { sensors, ...fields } = input.patch;
  const { value, changed } = applyPatch({
    entity: 'smartrope',
    current: {
      name: smartrope.name,
      uuid: smartrope.uuid,
      rope: smartrope.ropeId === null ? null : { id: smartrope.ropeId },
    },
    patch: fields,
    schema: mergedSchema,
  });
  const ropeId = changed.includes('rope')
    ? await ropeToMount(ctx, actor, value.rope, 'smartrope.rope')
    : smartrope.ropeId;
  await withUniqueUuid(() =>
    ctx.db.transaction(async (tx) => {
      if (changed.length > 0) {
        await tx
          .update(smartropes)
          .set({ name: value.name, uuid: value.uuid, ropeId })
          .where(eq(smartropes.id, smartrope.id));
      }
      const sensorChanges = await saveSmartropeSensors(tx, smartrope.id, sensors ?? []);
      if (changed.length > 0 || sensorChanges > 0) {
        await writeAudit(
          tx,
          {
            action: 'smartrope.update',
            actorUserId: actor.userId,
            targetType: 'smartrope',
            targetId: smartrope.id,
            details: { fields: changed, sensors: sensorChanges },
          },
          request,
        );
      }
    }),
  );
  return { smartrope: await loadSmartrope(ctx.db, smartrope.id) };
}
