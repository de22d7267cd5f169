// The sensors' limits and constants without zod: the web's screens read them before any form has loaded.

/** Sensor devices per page on the admin list. */
export const SENSOR_DEVICES_PAGE_SIZE = 25;
export const SMARTROPES_PAGE_SIZE = 25;

/** A chart never asks for more buckets than this: about one per pixel of a wide screen. */
export const MAX_CHART_BUCKETS = 2_000;

/** Raw measurements one read answers at most; longer ranges are read as aggregates. */
export const MAX_RAW_MEASUREMENTS = 10_000;

/** Measurements one ingestion batch may carry (HTTP body or MQTT message). */
export const MAX_INGEST_BATCH = 100_000;

/** Every bucket and every rollup row starts on this grid (date_bin's origin). */
export const BUCKET_ORIGIN_MS = Date.UTC(2000, 0, 1);

/** The colour of a plotline when none is chosen. */
export const DEFAULT_PLOTLINE_COLOR = '#fa5252';
