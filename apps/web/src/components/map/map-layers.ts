import {
  type BaseLayer,
  DEFAULT_BASE_LAYER,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
} from '@rope/domain/hierarchy/maps';
import L from 'leaflet';
import { BASE_LAYER_TILES, TILE_OPTIONS } from './base-layers';
import type { MapFeature, MapPoint, MapViewProps } from './map-types';

export function toPoint(latlng: L.LatLng): MapPoint {
  return [latlng.lat, latlng.lng];
}

export function imageBounds(image: { width: number; height: number }): L.LatLngBoundsExpression {
  return [
    [0, 0],
    [image.height, image.width],
  ];
}

/** A map and the tile layers it may switch between (none on an image map). */
export interface CreatedMap {
  map: L.Map;
  tiles: Partial<Record<BaseLayer, L.TileLayer>>;
}

/**
 * A geographic map with the chosen tile layers, or an image map in simple coordinates.
 * Tiles that cannot load leave the grey background: markers and lines draw all the same.
 */
export function createMap(element: HTMLElement, props: MapViewProps): CreatedMap {
  const { image, layers } = props;
  if (image) {
    const map = L.map(element, {
      crs: L.CRS.Simple,
      minZoom: -6,
      maxZoom: 4,
      zoomSnap: 0.1,
      attributionControl: false,
    });
    L.imageOverlay(image.url, imageBounds(image)).addTo(map);
    map.fitBounds(imageBounds(image), { animate: false });
    return { map, tiles: {} };
  }
  const map = L.map(element, { zoomSnap: 0.1, minZoom: MAP_ZOOM_MIN, maxZoom: MAP_ZOOM_MAX });
  map.setView([MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng], props.zoom ?? MAP_DEFAULT_ZOOM, { animate: false });
  const available = layers?.available.length ? layers.available : [DEFAULT_BASE_LAYER];
  const chosen = layers && available.includes(layers.default) ? layers.default : available[0];
  const tiles: CreatedMap['tiles'] = {};
  for (const id of available) {
    const source = BASE_LAYER_TILES[id];
    tiles[id] = L.tileLayer(source.url, { ...TILE_OPTIONS, attribution: source.attribution });
    if (id === chosen) tiles[id].addTo(map);
  }
  return { map, tiles };
}

/** The layer switch in the current language; null with one layer or none. */
export function addLayerControl(
  map: L.Map,
  tiles: CreatedMap['tiles'],
  layerLabel: (id: BaseLayer) => string,
): L.Control.Layers | null {
  const entries = Object.entries(tiles) as [BaseLayer, L.TileLayer][];
  if (entries.length < 2) return null;
  const labelled = Object.fromEntries(entries.map(([id, layer]) => [layerLabel(id), layer]));
  return L.control.layers(labelled, undefined, { position: 'topright' }).addTo(map);
}

/**
 * Ends the map for good. Leaflet 1.9 finishes a running zoom animation from a timer that reads the removed
 * panes (Leaflet issue 9575), so the animation is marked done first and pans and flights are stopped.
 */
export function destroyMap(map: L.Map): void {
  map.stop();
  (map as unknown as { _animatingZoom: boolean })._animatingZoom = false;
  map.off();
  map.remove();
}

/** Sets the first view without animation; false while there is nothing to fit yet, so a later call can fit. */
export function setInitialView(map: L.Map, props: MapViewProps): boolean {
  if (props.image) return true;
  const zoom = props.zoom ?? MAP_DEFAULT_ZOOM;
  if (props.center) {
    map.setView(props.center, zoom, { animate: false });
    return true;
  }
  const points = props.features.flatMap((feature) => feature.points);
  if (points.length === 0) return false;
  map.fitBounds(L.latLngBounds(points as MapPoint[]), { padding: [40, 40], maxZoom: zoom, animate: false });
  return true;
}

/** Labels go in as text, never as HTML: names are user input. */
function textNode(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/** What a finger or pointer hits: WCAG 2.5.8's 24 CSS px, however small the dot drawn in its middle. */
const MARKER_TARGET_PX = 24;

function dotIcon(colour: string, highlighted: boolean): L.DivIcon {
  const dot = highlighted ? 26 : 18;
  const size = Math.max(dot, MARKER_TARGET_PX);
  const ring = highlighted ? '3px solid #1c7ed6' : '2px solid #fff';
  return L.divIcon({
    className: 'rope-map-marker',
    iconSize: [size, size],
    html: `<div style="width:${dot}px;height:${dot}px;margin:${(size - dot) / 2}px;box-sizing:border-box;border-radius:50%;background:${colour};border:${ring};box-shadow:0 0 0 1px rgba(0,0,0,.45)"></div>`,
  });
}

export interface FeatureHandlers {
  highlightedId: number | null | undefined;
  movable: boolean;
  onClick: (id: number) => void;
  onHover: (id: number | null) => void;
  onMove: (id: number, point: MapPoint) => void;
}

export function drawFeatures(group: L.LayerGroup, features: readonly MapFeature[], handlers: FeatureHandlers): void {
  group.clearLayers();
  for (const feature of features) {
    const highlighted = feature.id === handlers.highlightedId;
    const layer = featureLayer(feature, highlighted, handlers.movable);
    if (!layer) continue;
    layer.bindTooltip(textNode(feature.label), { direction: 'top', permanent: highlighted });
    layer.on('click', () => handlers.onClick(feature.id));
    layer.on('mouseover', () => handlers.onHover(feature.id));
    layer.on('mouseout', () => handlers.onHover(null));
    if (layer instanceof L.Marker) {
      layer.on('dragend', () => handlers.onMove(feature.id, toPoint(layer.getLatLng())));
    }
    group.addLayer(layer);
  }
}

function featureLayer(feature: MapFeature, highlighted: boolean, movable: boolean): L.Marker | L.Polyline | null {
  const [first] = feature.points;
  if (!first) return null;
  if (feature.points.length === 1) {
    return L.marker(first, {
      icon: dotIcon(feature.colour, highlighted),
      draggable: movable,
      keyboard: true,
      title: feature.label,
      zIndexOffset: highlighted ? 1000 : 0,
    });
  }
  return L.polyline(feature.points as MapPoint[], {
    color: feature.colour,
    weight: highlighted ? 9 : 5,
    opacity: 0.9,
    bubblingMouseEvents: false,
    className: 'rope-map-line',
  });
}

export function drawDraft(group: L.LayerGroup, points: readonly MapPoint[] | null | undefined): void {
  group.clearLayers();
  if (!points || points.length === 0) return;
  if (points.length > 1) {
    group.addLayer(
      L.polyline(points as MapPoint[], { color: '#1c7ed6', weight: 4, dashArray: '8 6', interactive: false }),
    );
  }
  for (const point of points) {
    group.addLayer(L.circleMarker(point, { radius: 5, color: '#1c7ed6', fillOpacity: 1, interactive: false }));
  }
}
