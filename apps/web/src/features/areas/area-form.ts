import type { components, operations } from '@rope/api-client';
import { BASE_LAYERS, type BaseLayer, DEFAULT_BASE_LAYER, MAP_DEFAULT_ZOOM } from '@rope/domain/hierarchy/maps';
import { areaFullFieldsSchema, areaMapSettingsSchema } from '@rope/domain/hierarchy/schemas';
import type { AreaView } from '@rope/domain/hierarchy/views';
import type { DomainFormSpec, FieldMessages } from '../../lib/domain-form';

/** What the dialog's inputs hold: selects as strings ('' for none), numbers '' while empty. */
export interface AreaFormValues {
  name: string;
  mandatorId: string;
  adminUserId: string;
  isMap: boolean;
  mapZoom: number | string;
  mapBaseLayers: string[];
  mapDefaultBaseLayer: string;
  lat: number | string;
  lng: number | string;
}

export function initialAreaValues(area: AreaView | undefined): AreaFormValues {
  return {
    name: area?.name ?? '',
    mandatorId: area ? String(area.mandator.id) : '',
    adminUserId: area?.adminUserId ? String(area.adminUserId) : '',
    isMap: area?.isMap ?? true,
    mapZoom: area?.mapZoom ?? MAP_DEFAULT_ZOOM,
    mapBaseLayers: area ? [...area.mapBaseLayers] : [...BASE_LAYERS],
    mapDefaultBaseLayer: area?.mapDefaultBaseLayer ?? DEFAULT_BASE_LAYER,
    lat: area?.latlng?.[0] ?? '',
    lng: area?.latlng?.[1] ?? '',
  };
}

function numberOrUndefined(value: number | string): number | undefined {
  if (value === '' || value === null) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

type AreaPatchInput = components['schemas']['AreaPatchInput'];
type AreaCreateInput = operations['createArea']['requestBody']['content']['application/json']['area'];

/** The body of PATCH /areas/{id}: the full fields only for AREA_FULL_EDIT, the map settings for everyone. */
export function toAreaInput(values: AreaFormValues, fullEdit: boolean): AreaPatchInput {
  const lat = numberOrUndefined(values.lat);
  const lng = numberOrUndefined(values.lng);
  const input: AreaPatchInput = {
    isMap: values.isMap,
    mapZoom: numberOrUndefined(values.mapZoom),
    // The inputs offer the base layers only; the domain's schema has checked them before this is sent.
    mapBaseLayers: values.mapBaseLayers as BaseLayer[],
    mapDefaultBaseLayer: values.mapDefaultBaseLayer as BaseLayer,
    latlng: lat !== undefined && lng !== undefined ? [lat, lng] : null,
  };
  if (fullEdit) {
    input.name = values.name;
    input.mandatorId = values.mandatorId === '' ? undefined : Number(values.mandatorId);
    input.adminUserId = values.adminUserId === '' ? null : Number(values.adminUserId);
  }
  return input;
}

/** The body of POST /areas: adding an area takes AREA_FULL_EDIT, so the full fields always. */
export function toNewAreaInput(values: AreaFormValues): AreaCreateInput {
  return { ...toAreaInput(values, true), name: values.name };
}

/** The field of a schema or server path: the latitude and longitude inputs share `latlng`, lists are one input. */
function areaField(path: string): string {
  if (path === 'latlng.1') return 'lng';
  if (path.startsWith('latlng')) return 'lat';
  return path.split('.')[0] ?? path;
}

/** The area dialog on the domain's area schemas: the full fields only for AREA_FULL_EDIT. */
export function areaFormSpec(fullEdit: boolean): DomainFormSpec<AreaFormValues, AreaPatchInput> {
  return {
    schema: fullEdit ? areaFullFieldsSchema.extend(areaMapSettingsSchema.shape) : areaMapSettingsSchema,
    toInput: (values) => toAreaInput(values, fullEdit),
    entity: 'area',
    fieldOf: areaField,
    rules: (values) => {
      const messages: FieldMessages = {};
      if (!values.mapBaseLayers.includes(values.mapDefaultBaseLayer)) {
        messages.mapDefaultBaseLayer = { key: 'areas.dialog.errors.defaultLayer' };
      }
      // Two inputs of one position: the schema sees no position at all while only one is filled in.
      const latEmpty = values.lat === '';
      if (latEmpty !== (values.lng === '')) {
        messages[latEmpty ? 'lat' : 'lng'] = { key: 'areas.dialog.errors.positionIncomplete' };
      }
      return messages;
    },
  };
}

/** After the base layers change, the default stays one of them. */
export function keepDefaultLayer(layers: string[], current: string): string {
  return layers.includes(current) ? current : (layers[0] ?? current);
}

export function isBaseLayer(value: string): value is BaseLayer {
  return (BASE_LAYERS as readonly string[]).includes(value);
}
