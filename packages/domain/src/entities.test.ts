import { describe, expect, it } from 'vitest';
import { API_ROLES, ROLE_LABELS, ROLES } from './access/roles.ts';
import { ropeEventAttributesSchema } from './events/schemas.ts';
import { INSTALLATION_MANUFACTURERS, installationAttributesSchema } from './hierarchy/installations.ts';
import { BASE_LAYERS, MAP_DEFAULT_ZOOM } from './hierarchy/maps.ts';
import { areaCreateSchema } from './hierarchy/schemas.ts';
import { notificationSettingsSchema } from './notifications/schemas.ts';
import { ropeAttributesSchema } from './ropes/schemas.ts';
import { taskAttributesSchema } from './tasks/schemas.ts';

describe('entity schemas', () => {
  it('label every role as the spec names it', () => {
    expect(ROLES.map((role) => ROLE_LABELS[role])).toEqual([
      'Admin',
      'Project manager',
      'Client Admin',
      'Client',
      'Free user',
      'API (internal)',
      'API (data import)',
      'API (external)',
    ]);
    expect(API_ROLES).toHaveLength(3);
  });

  it('give a new area the map defaults and bound its zoom to 1..27 in steps of 0.1', () => {
    const area = areaCreateSchema.parse({ name: 'Zermatt', mandatorId: 1 });
    expect(area).toMatchObject({
      isMap: true,
      mapZoom: MAP_DEFAULT_ZOOM,
      mapBaseLayers: [...BASE_LAYERS],
      mapDefaultBaseLayer: 'openStreetMap',
      latlng: null,
    });
    expect(areaCreateSchema.safeParse({ name: 'x', mandatorId: 1, mapZoom: 27.1 }).success).toBe(false);
    expect(areaCreateSchema.safeParse({ name: 'x', mandatorId: 1, mapZoom: 0.9 }).success).toBe(false);
    expect(areaCreateSchema.safeParse({ name: 'x', mandatorId: 1, mapZoom: 12.35 }).success).toBe(false);
    expect(areaCreateSchema.safeParse({ name: 'x', mandatorId: 1, mapZoom: 12.3 }).success).toBe(true);
    expect(areaCreateSchema.safeParse({ name: '', mandatorId: 1 }).success).toBe(false);
  });

  it('know about 40 ropeway manufacturers plus other', () => {
    expect(INSTALLATION_MANUFACTURERS.length).toBeGreaterThanOrEqual(40);
    expect(INSTALLATION_MANUFACTURERS).toContain('other');
    expect(new Set(INSTALLATION_MANUFACTURERS).size).toBe(INSTALLATION_MANUFACTURERS.length);
  });

  it('strip unknown attribute keys and refuse wrong types', () => {
    const parsed = installationAttributesSchema.parse({ ropewayType: 'gondola', evil: 'x' });
    expect(parsed).toEqual({ ropewayType: 'gondola' });
    expect(installationAttributesSchema.safeParse({ operatingSpeed: 'fast' }).success).toBe(false);
    expect(ropeAttributesSchema.safeParse({ nominalDiameter: -4 }).success).toBe(false);
    expect(ropeAttributesSchema.safeParse({ nominalDiameter: 40, standard: 'EN12927' }).success).toBe(true);
  });

  it('default a new event to status new and not imported', () => {
    const event = ropeEventAttributesSchema.parse({
      timestamp: '2026-01-01T10:00:00Z',
      recordingType: 'damage',
      type: 'wireBreak',
      damageCount: 2,
    });
    expect(event).toMatchObject({ actionStatus: 'new', isImported: false });
    expect(ropeEventAttributesSchema.safeParse({ ...event, actionStatus: 'lost' }).success).toBe(false);
  });

  it('bound task texts to the spec limits', () => {
    const base = { title: 'Inspect splice', description: 'MRT at 1 m/s' };
    expect(taskAttributesSchema.parse(base).status).toBe('new');
    expect(taskAttributesSchema.safeParse({ ...base, title: 'x'.repeat(201) }).success).toBe(false);
    expect(taskAttributesSchema.safeParse({ ...base, description: 'x'.repeat(65_537) }).success).toBe(false);
  });

  it('accept notification settings with channels, users and rules', () => {
    const settings = notificationSettingsSchema.parse({
      channels: ['email'],
      users: [1],
      rules: [{ type: 'ropeHealth', threshold: 40 }],
    });
    expect(settings.rules[0]).toEqual({ type: 'ropeHealth', threshold: 40, reset: true });
  });
});
