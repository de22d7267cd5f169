// The MRT trace's figures, without zod: the rope page's trace dialog needs them before any form has loaded.

export const MRT_CANDIDATE_STATUSES = ['open', 'confirmed', 'dismissed'] as const;
export type MrtCandidateStatus = (typeof MRT_CANDIDATE_STATUSES)[number];

export const MRT_TRACE_DEFAULT_BUCKETS = 1000;
export const MRT_TRACE_MAX_BUCKETS = 2000;

/** What a confirmed candidate may be recorded as: the damage types that are no repair. */
export const MRT_DAMAGE_TYPES = ['wireBreak', 'corrosion', 'wear', 'deformation', 'other'] as const;
