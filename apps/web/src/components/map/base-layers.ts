import {
  BASE_LAYERS,
  type BaseLayer,
  DEFAULT_BASE_LAYER,
  MAP_NATIVE_MAX_ZOOM,
  MAP_ZOOM_MAX,
} from '@rope/domain/hierarchy/maps';

export interface TileSource {
  /** Leaflet URL template. */
  url: string;
  /** Shown in the map corner; trusted configuration, not user input. */
  attribution: string;
}

/** The tile servers of the four base layers: configuration, the one place to change a URL. */
export const BASE_LAYER_TILES: Record<BaseLayer, TileSource> = {
  openStreetMap: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
  },
  swissCountryMap: {
    url: 'https://wmts.geo.admin.ch/1.0.0/ch.swisstopo.pixelkarte-farbe/default/current/3857/{z}/{x}/{y}.jpeg',
    attribution: '&copy; <a href="https://www.swisstopo.admin.ch/">swisstopo</a>',
  },
  swissImage: {
    url: 'https://wmts.geo.admin.ch/1.0.0/ch.swisstopo.swissimage/default/current/3857/{z}/{x}/{y}.jpeg',
    attribution: '&copy; <a href="https://www.swisstopo.admin.ch/">swisstopo</a>',
  },
  esriImagery: {
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    attribution: 'Tiles &copy; Esri',
  },
};

/** Tiles exist up to the native zoom; above it Leaflet scales the last tiles up to the area's maximum. */
export const TILE_OPTIONS = { maxNativeZoom: MAP_NATIVE_MAX_ZOOM, maxZoom: MAP_ZOOM_MAX } as const;

/** The overview of all areas when none has a position yet. */
export const OVERVIEW_ZOOM = 7;

export const ALL_BASE_LAYERS = { available: BASE_LAYERS, default: DEFAULT_BASE_LAYER } as const;
