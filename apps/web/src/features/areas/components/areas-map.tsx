import type { AreaPosition, AreaView } from '@rope/domain/hierarchy/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { damageMapLabel } from '../../../components/damage-unknown';
import { ALL_BASE_LAYERS, OVERVIEW_ZOOM } from '../../../components/map/base-layers';
import { damageHex } from '../../../components/map/colours';
import { LazyMap, type MapFeature } from '../../../components/map/lazy-map';

interface AreasMapProps {
  areas: readonly AreaView[];
  positions: readonly AreaPosition[];
  highlightedId: number | null;
  onHover: (id: number | null) => void;
}

/** Area markers coloured by their largest damage; a click opens the area. */
export function AreasMap({ areas, positions, highlightedId, onHover }: AreasMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const features = useMemo<MapFeature[]>(() => {
    const names = new Map(areas.map((area) => [area.id, area.name]));
    return positions.flatMap((position) =>
      position.latlng && names.has(position.id)
        ? [
            {
              id: position.id,
              points: [position.latlng],
              colour: damageHex(position.damages),
              label: damageMapLabel(t, names.get(position.id) ?? '', position.damages),
            },
          ]
        : [],
    );
  }, [areas, positions, t]);
  return (
    <LazyMap
      label={t('areas.map.label')}
      height={520}
      layers={ALL_BASE_LAYERS}
      zoom={features.length === 0 ? OVERVIEW_ZOOM : 12}
      features={features}
      highlightedId={highlightedId}
      onFeatureHover={onHover}
      onFeatureClick={(id) => navigate(`/areas/${id}`)}
    />
  );
}
