import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addLayerControl,
  type CreatedMap,
  createMap,
  destroyMap,
  drawDraft,
  drawFeatures,
  setInitialView,
  toPoint,
} from './map-layers';
import { MAP_DRAG_TYPE, type MapViewProps } from './map-types';

interface LiveMap {
  map: L.Map;
  tiles: CreatedMap['tiles'];
  features: L.LayerGroup;
  draft: L.LayerGroup;
  /** Set when the map was destroyed: effects of the same commit must not touch it any more. */
  removed: boolean;
}

function usable(live: LiveMap | null): live is LiveMap {
  return Boolean(live && !live.removed);
}

/** The Leaflet map behind LazyMap; this module (and Leaflet with it) loads only with a screen that shows a map. */
export default function LeafletMap(props: MapViewProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const fitted = useRef(false);
  const [live, setLive] = useState<LiveMap | null>(null);
  const { image, layers } = props;
  // Only the base rebuilds the map: labels (language) and features update the living one.
  const mapKey = image
    ? `image:${image.url}:${image.width}x${image.height}`
    : `tiles:${layers?.available.join(',')}:${layers?.default}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is rebuilt only when its base (image or tiles) changes
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { map, tiles } = createMap(element, latest.current);
    const next: LiveMap = {
      map,
      tiles,
      features: L.layerGroup().addTo(map),
      draft: L.layerGroup().addTo(map),
      removed: false,
    };
    map.on('click', (event: L.LeafletMouseEvent) => latest.current.onMapClick?.(toPoint(event.latlng)));
    const onDragOver = (event: DragEvent) => {
      if (!latest.current.onDrop || !event.dataTransfer?.types.includes(MAP_DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    };
    const onDrop = (event: DragEvent) => {
      const id = Number(event.dataTransfer?.getData(MAP_DRAG_TYPE));
      if (!id || !latest.current.onDrop || next.removed) return;
      event.preventDefault();
      latest.current.onDrop(id, toPoint(map.mouseEventToLatLng(event as unknown as MouseEvent)));
    };
    element.addEventListener('dragover', onDragOver);
    element.addEventListener('drop', onDrop);
    // Dialogs and resizable panels change the size after Leaflet measured it.
    const observer = new ResizeObserver(() => {
      if (!next.removed && element.isConnected) map.invalidateSize({ pan: false });
    });
    observer.observe(element);
    fitted.current = false;
    setLive(next);
    return () => {
      next.removed = true;
      observer.disconnect();
      element.removeEventListener('dragover', onDragOver);
      element.removeEventListener('drop', onDrop);
      destroyMap(map);
      setLive(null);
    };
  }, [mapKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the switch is relabelled when the language changes
  useEffect(() => {
    if (!usable(live)) return;
    const control = addLayerControl(live.map, live.tiles, (id) => t(`maps.baseLayers.${id}`));
    return () => {
      if (!live.removed) control?.remove();
    };
  }, [live, t, i18n.language]);

  useEffect(() => {
    if (!usable(live)) return;
    drawFeatures(live.features, props.features, {
      highlightedId: props.highlightedId,
      movable: Boolean(props.movable),
      onClick: (id) => latest.current.onFeatureClick?.(id),
      onHover: (id) => latest.current.onFeatureHover?.(id),
      onMove: (id, point) => latest.current.onFeatureMove?.(id, point),
    });
    if (!fitted.current) fitted.current = setInitialView(live.map, latest.current);
  }, [live, props.features, props.highlightedId, props.movable]);

  useEffect(() => {
    if (usable(live)) drawDraft(live.draft, props.draft);
  }, [live, props.draft]);

  return (
    <section
      ref={container}
      aria-label={props.label}
      data-testid="leaflet-map"
      style={{
        height: props.height ?? 420,
        width: '100%',
        borderRadius: 'var(--mantine-radius-md)',
        cursor: props.picking ? 'crosshair' : undefined,
        zIndex: 0,
      }}
    />
  );
}
