import { smartropes } from '@rope/db/schema/index';
import type { SmartropeBody } from '@rope/domain/smartropes/schemas';
import { writeAudit } from '../../audit/write-audit.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { provisionOnCreate } from '../devices/index.ts';
import { ropeToMount } from '../sensors/index.ts';
import { loadSmartrope } from './load.ts';
import { saveSmartropeSensors, withUniqueUuid } from './save.ts';

/**
 * An admin registers a smartrope by its fabrication number, with its sensors; with a broker to administer, it gets its
 * own broker client, whose password is in this answer only.
 */
export async function createSmartrope({ ctx, actor, input, request }: ActionArgs<SmartropeBody>) {
  assertCan(actor, 'SMARTROPE_MANAGE');
  const ropeId = await ropeToMount(ctx, actor, input.rope, 'smartrope.rope');
  const id = await withUniqueUuid(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(smartropes)
        .values({ name: input.name, uuid: input.uuid, ropeId })
        .returning({ id: smartropes.id });
      await saveSmartropeSensors(
        tx,
        row!.id,
        input.sensors.map(({ id: _, ...sensor }) => sensor),
      );
      await writeAudit(
        tx,
        { action: 'smartrope.create', actorUserId: actor.userId, targetType: 'smartrope', targetId: row!.id },
        request,
      );
      return row!.id;
    }),
  );
  const broker = await provisionOnCreate(ctx, { kind: 'smartrope', id });
  return { smartrope: await loadSmartrope(ctx.db, id), ...broker };
}
