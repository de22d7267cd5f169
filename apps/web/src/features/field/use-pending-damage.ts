import type { DamageView, RopeView } from '@rope/domain/hierarchy/views';
import type { DamageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import type { DamageFilter } from '@rope/domain/ropes/effective-events';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOutbox } from '../../lib/outbox-context';
import { installationQuery } from '../installations';
import { pendingEventsOf } from './pending-events';

/**
 * The rope's damage with the events recorded on this device and not yet synced: how many wait, and the chart answer
 * and gauge figure with them (undefined while computed; null when the device cannot compute it, see
 * answerWithPending). Null when nothing of the rope waits: the server's figures stand.
 */
export interface PendingDamage {
  count: number;
  answer: DamageChartAnswer | null | undefined;
  damages: DamageView | undefined;
}

/**
 * `serverAnswer` is the damage chart's query as the page asks for it (the events feature's damageChartQuery for the
 * rope and filter): passed in, so that this feature does not import the one that imports it.
 */
export function usePendingDamage<Answer extends DamageChartAnswer, Key extends QueryKey>(
  rope: RopeView,
  filter: DamageFilter | null,
  serverAnswer: UseQueryOptions<Answer, Error, Answer, Key>,
): PendingDamage | null {
  const { entries } = useOutbox();
  const pending = useMemo(() => pendingEventsOf(entries, rope.id), [entries, rope.id]);
  const waiting = pending.length > 0;
  // The page asks for the same answer: the cache answers, online or kept for the field.
  const server = useQuery({ ...serverAnswer, enabled: waiting });
  const installation = useQuery({ ...installationQuery(rope.installation.id), enabled: waiting });
  const installationLoopLength = installation.data?.attributes.loopLength;
  const computed = useQuery({
    queryKey: [
      'field',
      'pendingDamage',
      rope.id,
      filter,
      server.dataUpdatedAt,
      rope.attributes,
      installationLoopLength,
      pending,
    ],
    queryFn: async () => {
      const { answerWithPending, damageViewOf } = await import('./pending-damage');
      const answer = answerWithPending(server.data!, rope.attributes, pending, {
        damageFilter: filter ?? undefined,
        installationLoopLength,
      });
      return { answer, damages: answer ? damageViewOf(answer) : undefined };
    },
    enabled: waiting && server.data !== undefined && !installation.isPending,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!waiting) return null;
  return { count: pending.length, answer: computed.data?.answer, damages: computed.data?.damages };
}
