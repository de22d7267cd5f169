import type { BaseLayer } from '@rope/domain/hierarchy/maps';

/** [lat, lng] on a geographic map, [y, x] pixels on an image map. */
export type MapPoint = [number, number];

/** One item on a map: a single point is a marker, two or more a line. */
export interface MapFeature {
  id: number;
  points: readonly MapPoint[];
  colour: string;
  label: string;
}

export interface MapImage {
  url: string;
  width: number;
  height: number;
}

export interface MapViewProps {
  features: readonly MapFeature[];
  /** Accessible name of the map region. */
  label: string;
  height?: number | string;
  /** A geographic map with these tile layers; ignored when an image is given. */
  layers?: { available: readonly BaseLayer[]; default: BaseLayer };
  /** An image map in simple coordinates (site plan). */
  image?: MapImage;
  center?: MapPoint | null;
  zoom?: number;
  highlightedId?: number | null;
  /** Markers can be dragged (onFeatureMove). */
  movable?: boolean;
  /** A line being drawn, shown dashed. */
  draft?: readonly MapPoint[] | null;
  /** Crosshair cursor: the next click picks a point. */
  picking?: boolean;
  onFeatureClick?: (id: number) => void;
  onFeatureHover?: (id: number | null) => void;
  onFeatureMove?: (id: number, point: MapPoint) => void;
  onMapClick?: (point: MapPoint) => void;
  /** An item dragged in from a list (dataTransfer MAP_DRAG_TYPE holding its id) was dropped here. */
  onDrop?: (id: number, point: MapPoint) => void;
}

/** The drag-and-drop data type of list items that can be dropped on a map. */
export const MAP_DRAG_TYPE = 'application/x-rope-cockpit-item';
