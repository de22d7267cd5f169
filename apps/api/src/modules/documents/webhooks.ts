import type { Db } from '@rope/db/client';
import type { documents } from '@rope/db/schema/index';
import type { AppContext } from '../../context.ts';
import { emitWebhookEvents, linksOf } from '../webhooks/index.ts';

type DocumentRow = typeof documents.$inferSelect;

/** Documents added to an installation, a rope or an event: one `document.added` each. */
export function emitDocumentWebhooks(
  tx: Db,
  ctx: Pick<AppContext, 'queue' | 'env'>,
  target: { installationId: number; ropeId?: number },
  rows: DocumentRow[],
) {
  return emitWebhookEvents(tx, ctx, {
    type: 'document.added',
    place: target.ropeId === undefined ? { installationId: target.installationId } : { ropeId: target.ropeId },
    items: rows.map((row) => ({
      key: String(row.id),
      objects: {
        document: {
          id: row.id,
          name: row.name,
          mimeType: row.mimeType,
          size: row.size,
          target: { type: row.targetType, id: row.targetId },
          links: linksOf(ctx, { api: `/documents/${row.id}` }),
        },
      },
    })),
  });
}
