import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import { INSPECTORS, MRT_INSPECTORS } from './catalog.ts';
import { type DamageDraft, draftAttributes } from './damage.ts';
import type { DemoRope } from './hierarchy.ts';
import { DAY, HOUR, iso, type Rng, round, YEAR } from './random.ts';

export const MINUTE = 60_000;

export interface PlannedEvent {
  position: number | null;
  attributes: RopeEventAttributes;
  createdByUserId: number | null;
}

export interface TimedEvent extends PlannedEvent {
  at: number;
  /** Position in current rope coordinates (after all shortenings). */
  physical: number | null;
}

export interface Mutation {
  at: number;
  position: number;
  lengthChange: number;
}

type Body = Omit<RopeEventAttributes, 'timestamp' | 'actionStatus' | 'isImported' | 'reportedBy'> &
  Partial<Pick<RopeEventAttributes, 'actionStatus' | 'isImported'>>;

/** The events of one rope under construction, with the helpers that keep them consistent. */
export class RopeTimeline {
  readonly events: TimedEvent[] = [];
  mutation: Mutation | undefined;

  constructor(
    readonly rope: DemoRope,
    readonly rng: Rng,
    readonly ref: number,
    private readonly reporters: number[],
  ) {}

  /** Position as recorded at time t: before a shortening, points beyond it lay further out. */
  stored(p: number, t: number): number {
    const m = this.mutation;
    return m && t < m.at && p > m.position ? round(p - m.lengthChange, 3) : p;
  }

  cycles(t: number): number | undefined {
    const perYear = this.rope.cyclesPerYear;
    return perYear > 0 ? Math.max(0, Math.round((perYear * (t - this.rope.installedAt)) / YEAR)) : undefined;
  }

  /** Some working hour (UTC 06-15) on the day of t. */
  daytime(t: number): number {
    return Math.floor(t / DAY) * DAY + this.rng.int(6, 14) * HOUR + this.rng.int(0, 59) * MINUTE;
  }

  private status(t: number): RopeEventAttributes['actionStatus'] {
    if (t < this.ref - 120 * DAY) return 'seen';
    return this.rng.chance(0.7) ? 'new' : 'seen';
  }

  push(at: number, physical: number | null, body: Body, by: 'staff' | 'mrt' | 'none' = 'staff'): TimedEvent {
    const rng = this.rng;
    const attributes: RopeEventAttributes = {
      timestamp: iso(at),
      ...body,
      actionStatus: body.actionStatus ?? 'seen',
      isImported: body.isImported ?? false,
      reportedBy: { name: rng.pick(by === 'mrt' ? MRT_INSPECTORS : INSPECTORS) },
    };
    const createdByUserId = by === 'staff' ? (this.reporters[rng.int(0, this.reporters.length - 1)] ?? null) : null;
    const position = physical === null ? null : this.stored(physical, at);
    const event = { at, physical, position, attributes, createdByUserId };
    this.events.push(event);
    return event;
  }

  /** A damage; one found by MRT is recorded as the device reads it, from its zero (datum - positionOffset). */
  damage(at: number, draft: DamageDraft, mrt: boolean): TimedEvent {
    const event = this.push(
      at,
      draft.position,
      {
        ...(draftAttributes(draft) as Pick<RopeEventAttributes, 'recordingType' | 'type'>),
        actionStatus: this.status(at),
        isImported: mrt,
        detection: mrt ? 'mrt' : 'manual',
      },
      mrt ? 'mrt' : 'staff',
    );
    const offset = this.rope.attributes.positionOffset ?? 0;
    if (mrt && offset && event.position !== null) event.position = round(event.position - offset, 3);
    return event;
  }

  planned(): PlannedEvent[] {
    return [...this.events]
      .sort((x, y) => x.at - y.at)
      .map(({ position, attributes, createdByUserId }) => ({ position, attributes, createdByUserId }));
  }
}
