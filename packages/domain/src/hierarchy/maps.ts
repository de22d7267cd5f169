export const BASE_LAYERS = ['openStreetMap', 'swissCountryMap', 'swissImage', 'esriImagery'] as const;
export type BaseLayer = (typeof BASE_LAYERS)[number];
/** The layer a map opens with unless its area names another; also where a map without layers falls back to. */
export const DEFAULT_BASE_LAYER: BaseLayer = 'openStreetMap';

export const MAP_DEFAULT_CENTER = { lat: 46.81, lng: 8.2 } as const;
export const MAP_DEFAULT_ZOOM = 13;
export const MAP_ZOOM_MIN = 1;
export const MAP_ZOOM_MAX = 27;
export const MAP_ZOOM_STEP = 0.1;
export const MAP_NATIVE_MAX_ZOOM = 19;

export const CLICK_DELAY_AREA_MS = 300;
export const CLICK_DELAY_ROPE_INSTALLATION_MS = 400;
