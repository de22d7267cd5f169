import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createMap, drawDraft, drawFeatures, setInitialView, toPoint } from './map-layers';
import { MAP_DRAG_TYPE, type MapViewProps } from './map-types';

interface LiveMap {
  map: L.Map;
  features: L.LayerGroup;
  draft: L.LayerGroup;
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
  const mapKey = image
    ? `image:${image.url}:${image.width}x${image.height}`
    : `tiles:${layers?.available.join(',')}:${layers?.default}:${i18n.language}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is rebuilt only when its base (image or tiles) changes
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = createMap(element, latest.current, (id) => t(`maps.baseLayers.${id as 'openStreetMap'}`));
    const features = L.layerGroup().addTo(map);
    const draft = L.layerGroup().addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => latest.current.onMapClick?.(toPoint(event.latlng)));
    const onDragOver = (event: DragEvent) => {
      if (!latest.current.onDrop || !event.dataTransfer?.types.includes(MAP_DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    };
    const onDrop = (event: DragEvent) => {
      const id = Number(event.dataTransfer?.getData(MAP_DRAG_TYPE));
      if (!id || !latest.current.onDrop) return;
      event.preventDefault();
      latest.current.onDrop(id, toPoint(map.mouseEventToLatLng(event as unknown as MouseEvent)));
    };
    element.addEventListener('dragover', onDragOver);
    element.addEventListener('drop', onDrop);
    // Dialogs and resizable panels change the size after Leaflet measured it.
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(element);
    fitted.current = false;
    setLive({ map, features, draft });
    return () => {
      observer.disconnect();
      element.removeEventListener('dragover', onDragOver);
      element.removeEventListener('drop', onDrop);
      map.remove();
      setLive(null);
    };
  }, [mapKey]);

  useEffect(() => {
    if (!live) return;
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
    if (live) drawDraft(live.draft, props.draft);
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
