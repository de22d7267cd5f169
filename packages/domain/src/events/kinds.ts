// The kinds of rope events and their choices, without zod: tables and charts read them before any form loads.

export const RECORDING_TYPES = ['damage', 'measurement', 'mutation'] as const;
export type RecordingType = (typeof RECORDING_TYPES)[number];
export const EVENT_TYPES_BY_RECORDING = {
  damage: ['wireBreak', 'corrosion', 'wear', 'deformation', 'other', 'repair', 'repairPiece'],
  measurement: ['mrtInspection', 'spliceInspection', 'diameterMeasurement', 'visualInspection'],
  mutation: ['shortening', 'extension', 'resplice', 'sectionReplacement'],
} as const satisfies Record<RecordingType, readonly string[]>;
export const EVENT_TYPES = [
  ...EVENT_TYPES_BY_RECORDING.damage,
  ...EVENT_TYPES_BY_RECORDING.measurement,
  ...EVENT_TYPES_BY_RECORDING.mutation,
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const ACTION_STATUSES = ['new', 'seen', 'repaired'] as const;
export const LOSS_UNITS = ['percent', 'mm2'] as const;
export const MUTATION_RELEVANCE = ['relevant', 'archived', 'notRelevant'] as const;
export const SPLICE_PART_TYPES = ['knot', 'other'] as const;
export const LUBRICANT_CONDITIONS = ['good', 'sufficient', 'insufficient', 'none'] as const;

/** A rope's events list searches their attributes for at most this many characters. */
export const EVENT_SEARCH_MAX_LENGTH = 200;
/** The latest events (dashboard, installation page): this many unless the call asks for up to the maximum. */
export const LATEST_EVENTS_DEFAULT_LIMIT = 10;
export const LATEST_EVENTS_MAX_LIMIT = 100;
