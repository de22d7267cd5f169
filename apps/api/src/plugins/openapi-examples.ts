import { DEFAULT_DOCUMENT_MAX_MB } from '@rope/domain/documents/schemas';
import type { ApiError, ErrorCode } from '@rope/domain/errors';
import { englishText, type MessageKey, type MessageParams } from '@rope/domain/message-keys';
import { message } from '@rope/domain/messages';

/**
 * One example of each main entity in the API document, as the demo data answers it (GET on the demo cockpit): what
 * an integrator sees first. The contract test parses each with the entity's schema, so an example cannot go stale.
 */
export const ENTITY_EXAMPLES = {
  Area: {
    id: 1,
    name: 'Zermatt',
    mandator: { id: 1, name: 'Alpina Bergbahnen AG' },
    adminUserId: 3,
    isMap: true,
    mapZoom: 13,
    mapBaseLayers: ['openStreetMap', 'swissCountryMap', 'swissImage', 'esriImagery'],
    mapDefaultBaseLayer: 'swissCountryMap',
    latlng: [46.0207, 7.7491],
    isDeleted: false,
    damages: { status: 'computed', damage: 29.9714, health: 70.0286 },
  },
  Installation: {
    id: 1,
    name: 'Sunnegga Express',
    area: { id: 1 },
    ordering: 0,
    latlngs: [
      [46.02464, 7.765234],
      [46.023503, 7.783956],
    ],
    attributes: {
      isMap: false,
      objectNumber: 'ZER-01',
      installationType: 'ropeway',
      ropewayType: 'funicular',
      constructionYear: 2002,
      installationLength: 1562,
      baseUnit: 'metric',
      installationManufacturer: 'vonroll',
      operatingHoursPerYear: 1400,
      country: 'CH',
      timezone: 'Europe/Zurich',
    },
    isDeleted: false,
    notificationSettings: {
      channels: ['email', 'sms'],
      users: [3, 4],
      rules: [{ type: 'ropeHealth', threshold: 50, reset: true }],
    },
    notificationStatus: [{ type: 'ropeHealth', isEnabled: true }],
    damages: { status: 'computed', damage: 29.9714, health: 70.0286 },
  },
  Rope: {
    id: 1,
    name: 'Haul rope',
    installation: { id: 1 },
    ordering: 0,
    latlngs: [
      [46.024604, 7.765229],
      [46.023467, 7.783952],
    ],
    attributes: {
      ropeType: 'strandedRope',
      ropeApplication: 'haulRope',
      construction: '6x19 Seale',
      nominalDiameter: 40,
      outerWireDiameter: 2.6,
      standard: 'EN12927',
      ropeLength: 1682,
      loopLength: 1682,
      positionOffset: 20,
      bendingCyclesUntilNow: 1599935,
      bendingCyclesUntilNowAt: '2026-11-01T00:00:00.000Z',
    },
    truscanAttributes: {
      status: 'idle',
      ropeSpeed: 5,
      bendingCycles: 1599935,
      measurementWaiting: 28800,
      lastMeasurement: 1796068800,
      nextMeasurement: 1796155200,
      uploadRunning: false,
    },
    isDeleted: false,
    notificationStatus: [],
    damages: { status: 'computed', damage: 29.9714, health: 70.0286 },
  },
  RopeEvent: {
    id: 19,
    rope: { id: 1 },
    position: 1359.6,
    attributes: {
      timestamp: '2026-06-20T09:26:00.000Z',
      recordingType: 'damage',
      type: 'corrosion',
      actionStatus: 'seen',
      isImported: false,
      crossSectionLossAmount: 0.41,
      crossSectionLossUnit: 'percent',
      detection: 'manual',
      description: 'Surface corrosion, lubrication renewed',
      reportedBy: { name: 'Stefan Gasser' },
    },
    isDeleted: false,
    documentCount: 0,
    createdAt: '2026-06-20T12:26:00.000Z',
  },
  Task: {
    id: 1,
    rope: { id: 1, name: 'Haul rope' },
    installation: { id: 1, name: 'Sunnegga Express' },
    area: { id: 1, name: 'Zermatt' },
    event: null,
    assignedUsers: [{ id: 3, name: 'Thomas Julen' }],
    attributes: {
      title: 'Magnetic rope test (MRT)',
      description: 'Magnetic rope test over the full length (EN 12927-6)',
      status: 'new',
      dueAt: '2026-11-19T00:00:00.000Z',
      isRecurring: true,
      recurringConditions: [
        { type: 'periodYears', threshold: 1 },
        { type: 'bendingCycles', threshold: 200000 },
      ],
      isInternal: false,
      component: 'rope',
    },
    title: 'Magnetic rope test (MRT)',
    description: 'Magnetic rope test over the full length (EN 12927-6)',
    status: 'new',
    dueAt: '2026-11-19T00:00:00.000Z',
    pastDue: true,
    createdAt: '2025-10-14T00:00:00.000Z',
  },
  ApiError: {
    code: 'VALIDATION',
    message: 'rope.name: At most 255 characters',
    key: 'validation.textTooLong',
    params: { max: 255 },
    fields: { 'rope.name': 'At most 255 characters' },
    fieldKeys: { 'rope.name': { key: 'validation.textTooLong', params: { max: 255 } } },
  },
} as const;

/** A refusal as the API answers it: the code, the key's English text, the key and its values. */
function refusal(code: ErrorCode, key: MessageKey, params?: MessageParams) {
  return { code, message: englishText(message(key, params)), key, ...(params ? { params } : {}) };
}

/**
 * An example of each refusal, shown with its status: without them every refusal showed the bad-input example (a 404
 * answering `VALIDATION`). The contract test holds each to the error schema and to its status.
 */
export const REFUSAL_EXAMPLES: Record<ErrorCode, ApiError> = {
  VALIDATION: ENTITY_EXAMPLES.ApiError,
  UNAUTHENTICATED: refusal('UNAUTHENTICATED', 'app.errors.notSignedIn'),
  FORBIDDEN: refusal('FORBIDDEN', 'app.errors.forbidden'),
  NOT_FOUND: refusal('NOT_FOUND', 'app.errors.noSuchRope'),
  NOT_ACCEPTABLE: refusal('NOT_ACCEPTABLE', 'app.errors.eventStreamOnly'),
  CONFLICT: refusal('CONFLICT', 'app.errors.idempotencyKeyInProgress', { seconds: 5 }),
  PAYLOAD_TOO_LARGE: refusal('PAYLOAD_TOO_LARGE', 'app.errors.documentTooLarge', {
    max: `${DEFAULT_DOCUMENT_MAX_MB} MB`,
  }),
  UNSUPPORTED_MEDIA_TYPE: refusal('UNSUPPORTED_MEDIA_TYPE', 'app.errors.unsupportedMediaType'),
  RANGE_NOT_SATISFIABLE: refusal('RANGE_NOT_SATISFIABLE', 'app.errors.rangeNotSatisfiable', { size: 52_431 }),
  RULE_VIOLATION: refusal('RULE_VIOLATION', 'app.errors.archivedReadOnly'),
  TOO_MANY_REQUESTS: refusal('TOO_MANY_REQUESTS', 'app.errors.apiKeyRateLimited', { seconds: 12 }),
  INTERNAL: refusal('INTERNAL', 'app.errors.internal'),
  UNAVAILABLE: refusal('UNAVAILABLE', 'app.errors.databaseUnavailable'),
};

/** The name of a refusal's example among the document's components. */
export const refusalExampleName = (code: ErrorCode) => `refusal-${code}`;

/** The refusals' examples as components: each operation refers to them, so the document holds each once. */
export const REFUSAL_EXAMPLE_COMPONENTS = Object.fromEntries(
  Object.entries(REFUSAL_EXAMPLES).map(([code, value]) => [
    refusalExampleName(code as ErrorCode),
    { summary: code, value },
  ]),
);
