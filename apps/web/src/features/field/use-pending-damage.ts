import type { DamageView, RopeView } from '@rope/domain/hierarchy/views';
import type { DamageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import type { DamageFilter } from '@rope/domain/ropes/effective-events';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOutbox } from '../../lib/outbox-context';
import { damageChartQuery } from '../events';
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

export function usePendingDamage(rope: RopeView, filter: DamageFilter | null): PendingDamage | null {
  const { entries } = useOutbox();
  const pending = useMemo(() => pendingEventsOf(entries, rope.id), [entries, rope.id]);
  const waiting = pending.length > 0;
  // The page asks for the same answer: the cache answers, online or kept for the field.
  const server = useQuery({ ...damageChartQuery(rope.id, filter, null, null), enabled: waiting });
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
