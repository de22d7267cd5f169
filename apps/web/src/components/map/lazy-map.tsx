import { Center, Loader, Paper } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapViewProps } from './map-types';

// Leaflet and its CSS come with this chunk only: screens without a map never download them.
const LeafletMap = lazy(() => import('./leaflet-map'));

/** The one map of the app: Leaflet, loaded on first use. */
export function LazyMap(props: MapViewProps) {
  const { t } = useTranslation();
  const fallback = (
    <Paper withBorder h={props.height ?? 420} radius="md">
      <Center h="100%">
        <Loader aria-label={t('maps.loading')} />
      </Center>
    </Paper>
  );
  return (
    <Suspense fallback={fallback}>
      <LeafletMap {...props} />
    </Suspense>
  );
}

export type { MapFeature, MapImage, MapPoint, MapViewProps } from './map-types';
export { MAP_DRAG_TYPE } from './map-types';
