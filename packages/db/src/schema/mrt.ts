import type { TraceAnalysis } from '@rope/domain/mrt/mea/peaks';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ropeEvents } from './events.ts';
import { ropes } from './hierarchy.ts';

/**
 * An uploaded TRUscan file (docs/truscan-mea.md) and the measurement event it made: the file and its trace in
 * storage, the header's figures and the trace's peaks here. Deleting the event deletes the row.
 */
export const truscanMeasurements = pgTable(
  'truscan_measurements',
  {
    id: serial().primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => ropeEvents.id, { onDelete: 'cascade' }),
    ropeId: integer()
      .notNull()
      .references(() => ropes.id, { onDelete: 'cascade' }),
    fileName: varchar({ length: 255 }).notNull(),
    /** The file as uploaded. */
    fileKey: varchar({ length: 255 }).notNull(),
    /** The trace (float32 per sample) followed by the minima and maxima of its blocks. */
    traceKey: varchar({ length: 255 }).notNull(),
    /** SHA-256 of the file, hex: the same file twice on a rope makes one measurement. */
    checksum: varchar({ length: 64 }).notNull(),
    size: integer().notNull(),
    bitDepth: smallint().notNull(),
    channelCount: smallint().notNull(),
    sampleCount: integer().notNull(),
    sampleSpacingUm: integer().notNull(),
    startPositionMm: integer().notNull(),
    ropeSpeedMmPerS: integer().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    bendingCycles: doublePrecision().notNull(),
    scale: doublePrecision().notNull(),
    /** Samples per block of the stored overview. */
    blockSize: integer().notNull(),
    analysis: jsonb().$type<TraceAnalysis>().notNull(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.eventId), uniqueIndex().on(t.ropeId, t.checksum)],
);

/** What the inspector decided about a damage candidate (a peak of the trace, by its sample index). */
export const mrtCandidateDecisions = pgTable(
  'mrt_candidate_decisions',
  {
    measurementId: integer()
      .notNull()
      .references(() => truscanMeasurements.id, { onDelete: 'cascade' }),
    sampleIndex: integer().notNull(),
    /** confirmed or dismissed; a confirmed candidate whose damage event is gone is open again. */
    status: varchar({ length: 16 }).notNull(),
    damageEventId: integer().references(() => ropeEvents.id, { onDelete: 'set null' }),
    decidedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.measurementId, t.sampleIndex] }), index().on(t.damageEventId)],
);
