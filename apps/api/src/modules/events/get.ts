import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findEvent } from './internal.ts';
import { toEventView } from './view.ts';

/** One event with its document count. */
export async function getEvent({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const { event, documentCount } = await findEvent(ctx, actor, input.id);
  return { ropeEvent: toEventView(event, documentCount) };
}
