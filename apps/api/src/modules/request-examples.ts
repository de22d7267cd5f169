/**
 * Request bodies as an integrator sends them, each the example of its operation in the API document: without one,
 * the documentation page made a body up from the schema's bounds (a damage count of 999,999,999, a cross-section
 * loss of 1,000,000 %, a position of null), which the API refuses. Each is made from the ids it names, the demo's in
 * the document (the Sunnegga Express haul rope, its tension sensor, the client's admin); the contract test sends
 * each, with the ids of a world of its own, to its route.
 */
export interface ExampleIds {
  rope: number;
  user: number;
  sensor: number;
}

export const DEMO_IDS: ExampleIds = { rope: 1, user: 3, sensor: 1 };

export const REQUEST_EXAMPLES = {
  'POST /api/events': (ids: ExampleIds) => ({
    ropeEvent: {
      rope: { id: ids.rope },
      position: 1359.6,
      attributes: {
        timestamp: '2026-06-20T09:26:00Z',
        recordingType: 'damage',
        type: 'wireBreak',
        damageCount: 2,
        detection: 'manual',
        description: 'Two outer wires broken, found at the monthly visual inspection',
        reportedBy: { name: 'Stefan Gasser' },
      },
    },
  }),
  'PATCH /api/events/{id}': () => ({ ropeEvent: { actionStatus: 'repaired' } }),
  'POST /api/tasks': (ids: ExampleIds) => ({
    task: {
      rope: { id: ids.rope },
      assignedUsers: [{ id: ids.user }],
      note: 'Book the MRT team for the spring shutdown',
      attributes: {
        title: 'Magnetic rope test (MRT)',
        description: 'Magnetic rope test over the full length (EN 12927-6)',
        dueAt: '2027-04-15T00:00:00Z',
        isRecurring: true,
        recurringConditions: [{ type: 'periodYears', threshold: 1 }],
        component: 'rope',
      },
    },
  }),
  'PATCH /api/tasks/{id}': () => ({
    task: { note: 'Tested at the spring shutdown, report filed', attributes: { status: 'done' } },
  }),
  // What a counter on the drive reports: the bending cycles a rope's tasks fall due by.
  'PATCH /api/ropes/{id}': () => ({
    rope: { attributes: { bendingCyclesUntilNow: 1_650_000, bendingCyclesUntilNowAt: '2026-12-01T00:00:00Z' } },
  }),
  'POST /api/sensor-devices/{id}/measurements': (ids: ExampleIds) => ({
    measurements: [
      { sensor: ids.sensor, ts: '2026-06-20T09:26:00Z', value: 41.7 },
      { sensor: ids.sensor, ts: '2026-06-20T09:26:01Z', value: 41.9 },
    ],
  }),
};

/** The document's example of an operation's body: `{ examples: [...] }` for the body schema's `.meta()`. */
export const documentedExample = (operation: keyof typeof REQUEST_EXAMPLES) => ({
  examples: [REQUEST_EXAMPLES[operation](DEMO_IDS)],
});
