import { areaFullFieldsSchema, areaMapSettingsSchema } from '@rope/domain/hierarchy';
import { BASE_LAYERS, type BaseLayer, DEFAULT_BASE_LAYER, MAP_DEFAULT_ZOOM } from '@rope/domain/maps';
import { VALIDATION_MESSAGES } from '@rope/domain/validation-messages';
import type { AreaView } from '@rope/domain/views/hierarchy';
import { issuesToErrors } from '../users/form-errors';

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

/** The body of POST/PATCH /areas: the full fields only for AREA_FULL_EDIT, the map settings for everyone. */
export function toAreaInput(values: AreaFormValues, fullEdit: boolean): Record<string, unknown> {
  const lat = numberOrUndefined(values.lat);
  const lng = numberOrUndefined(values.lng);
  const input: Record<string, unknown> = {
    isMap: values.isMap,
    mapZoom: numberOrUndefined(values.mapZoom),
    mapBaseLayers: values.mapBaseLayers,
    mapDefaultBaseLayer: values.mapDefaultBaseLayer,
    latlng: lat !== undefined && lng !== undefined ? [lat, lng] : null,
  };
  if (fullEdit) {
    input.name = values.name;
    input.mandatorId = values.mandatorId === '' ? undefined : Number(values.mandatorId);
    input.adminUserId = values.adminUserId === '' ? null : Number(values.adminUserId);
  }
  return input;
}

export type AreaFormError = 'zoomRange' | 'layersRequired' | 'defaultLayer' | 'positionIncomplete' | 'invalid';

/** Field errors by the domain schemas: the domain's texts as they are, other rules as keys of the dialog's texts. */
export function validateArea(values: AreaFormValues, fullEdit: boolean): Record<string, string> {
  const schema = fullEdit ? areaFullFieldsSchema.extend(areaMapSettingsSchema.shape) : areaMapSettingsSchema;
  const result = schema.safeParse(toAreaInput(values, fullEdit));
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  const known = new Set<string>(Object.values(VALIDATION_MESSAGES));
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    // The zoom schema answers its required text for any issue: a typed number out of range or step is a range issue.
    if (field === 'mapZoom') out.mapZoom = numberOrUndefined(values.mapZoom) === undefined ? message : 'zoomRange';
    else if (known.has(message)) out[field] = message;
    else if (field === 'mapBaseLayers') out.mapBaseLayers = 'layersRequired';
    else if (field === 'latlng') out.lat = 'invalid';
    else out[field] = 'invalid';
  }
  if (!values.mapBaseLayers.includes(values.mapDefaultBaseLayer)) out.mapDefaultBaseLayer ??= 'defaultLayer';
  const latEmpty = values.lat === '';
  if (latEmpty !== (values.lng === '')) out[latEmpty ? 'lat' : 'lng'] = 'positionIncomplete';
  return out;
}

/** After the base layers change, the default stays one of them. */
export function keepDefaultLayer(layers: string[], current: string): string {
  return layers.includes(current) ? current : (layers[0] ?? current);
}

export function isBaseLayer(value: string): value is BaseLayer {
  return (BASE_LAYERS as readonly string[]).includes(value);
}
