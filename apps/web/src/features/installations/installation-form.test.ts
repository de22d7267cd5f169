import { installationSettingsFileSchema, lockedInstallationAttributes } from '@rope/domain/hierarchy/schemas';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/domain-form';
import { problemLines } from '../../lib/field-problems';
import { isFieldEditable, isFieldShown } from './installation-fields';
import {
  initialInstallationValues,
  installationFormSpec,
  installationSettingsFile,
  toInstallationUpdate,
  valuesFromInstallationFile,
} from './installation-form';
import { parseSettingsFile, settingsFileName } from './settings-file';

const stored = {
  name: 'Gondola 1',
  attributes: {
    isMap: true,
    mapImageUri: 'maps/abc.png',
    mapImageWidth: 800,
    mapImageHeight: 600,
    objectName: 'Secret',
    installationType: 'ropeway' as const,
    ropewayType: 'gondola' as const,
    buildingType: 'bridge' as const,
    constructionYear: 1999,
    timezone: 'Europe/Zurich',
  },
};

describe('installation settings form', () => {
  it('round-trips the attributes, keeps the image fields and drops the type not chosen', () => {
    const values = initialInstallationValues(stored);
    expect(values.constructionYear).toBe(1999);
    expect(values.carriageCount).toBe('');
    const update = toInstallationUpdate({ ...values, carriageCount: 12 }, stored.attributes);
    expect(update.attributes).toMatchObject({ mapImageUri: 'maps/abc.png', carriageCount: 12, ropewayType: 'gondola' });
    expect(update.attributes).not.toHaveProperty('buildingType');
    expect(update.attributes).not.toHaveProperty('otherNumbers');
  });

  it('refuses a construction year in the future and an empty name', () => {
    const values = initialInstallationValues(stored);
    const checked = checkForm(installationFormSpec({}), {
      ...values,
      name: ' ',
      constructionYear: new Date().getFullYear() + 1,
    });
    expect(checked.ok ? {} : checked.messages).toEqual({
      constructionYear: expect.objectContaining({
        key: 'validation.yearRange',
        params: { min: 1800, max: new Date().getFullYear() },
      }),
      name: expect.objectContaining({ key: 'validation.required' }),
    });
  });

  it('shows admin fields to admins only, the object number read-only, the timezone to admins and PMs', () => {
    const values = initialInstallationValues(stored);
    const client = { isAdmin: false, mayEditTimezone: false, readOnly: false };
    expect(isFieldShown('objectName', values, client)).toBe(false);
    expect(isFieldShown('objectNumber', values, client)).toBe(true);
    expect(isFieldEditable('objectNumber', client)).toBe(false);
    expect(isFieldEditable('timezone', client)).toBe(false);
    expect(isFieldEditable('timezone', { ...client, mayEditTimezone: true })).toBe(true);
    expect(isFieldShown('buildingType', values, client)).toBe(false);
    expect(isFieldShown('buildingType', { ...values, installationType: 'building' }, client)).toBe(true);
  });
});

describe('installation settings file', () => {
  it('downloads {kind, version, name, attributes} without the image fields, named after the installation', () => {
    const file = installationSettingsFile(initialInstallationValues(stored));
    expect(file).toMatchObject({ kind: 'installation', version: 1, name: 'Gondola 1' });
    expect(file.attributes).not.toHaveProperty('mapImageUri');
    expect(installationSettingsFileSchema.safeParse(file).success).toBe(true);
    expect(settingsFileName('Gondola 1/2: "new"')).toBe('Gondola 1_2_ _new_.json');
  });

  it('says what is wrong with a bad file', () => {
    expect(parseSettingsFile('{nope', installationSettingsFileSchema)).toEqual({
      ok: false,
      notJson: true,
      issues: [],
    });
    const bad = parseSettingsFile(
      JSON.stringify({ kind: 'rope', version: 1, name: 'x', attributes: { ropewayType: 'rocket' } }),
      installationSettingsFileSchema,
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.issues.map((issue) => issue.path)).toContainEqual(['attributes', 'ropewayType']);
      // The dialog lists them by the labels the form shows, never as attributes.ropewayType.
      const labels: Record<string, string> = { kind: 'Kind of settings file', ropewayType: 'Ropeway type' };
      const problems = bad.issues.map((issue) => ({ path: issue.path, message: issue.message }));
      const lines = problemLines(problems, (path) => labels[String(path.at(-1))]);
      expect(lines).toHaveLength(2);
      expect(lines.every((line) => /^(Kind of settings file|Ropeway type): /.test(line))).toBe(true);
    }
  });

  it('fills the form from a good file, keeping what the user may not change', () => {
    const file = installationSettingsFile({
      ...initialInstallationValues(stored),
      objectName: 'Other',
      timezone: 'Asia/Tokyo',
    });
    const current = initialInstallationValues(stored);
    const locked = lockedInstallationAttributes({ roles: ['ROLE_CLIENT_ADMIN'] });
    const values = valuesFromInstallationFile({ ...file, name: 'Loaded' }, current, locked);
    // A file is a template: the target keeps its own name.
    expect(values.name).toBe(current.name);
    expect(values.objectName).toBe('Secret');
    expect(values.timezone).toBe('Europe/Zurich');
  });
});
