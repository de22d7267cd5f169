import { afterAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../../test/support/factories.ts';
import { alternatives, type JsonSchema, listDocRoutes, loadOpenApi, resolve } from '../../test/support/openapi.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp } from '../../test/support/test-app.ts';

/**
 * Rules the API holds to that the OpenAPI document once left out, so that a client (and the valid-input battery)
 * built from the document sent what the API then refused. The document now states each of them.
 */
const t = await createTestApp();
afterAll(() => t.close());
const doc = await loadOpenApi(t.app);
const routes = listDocRoutes(doc);

const route = (method: string, path: string) => {
  const found = routes.find((candidate) => candidate.method === method && candidate.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};
const query = (method: string, path: string, name: string) =>
  route(method, path).queryParams.find((param) => param.name === name)!.schema;
/** The schema at a path of a body, through objects, array items and non-null alternatives. */
function bodyAt(method: string, path: string, ...keys: string[]): JsonSchema {
  let schema = resolve(doc, route(method, path).body!);
  for (const key of keys) {
    const [option] = alternatives(doc, schema);
    schema = key === '[]' ? option!.items! : option!.properties![key]!;
  }
  return schema;
}
const nullable = (schema: JsonSchema) =>
  alternatives(doc, schema).length < (schema.anyOf ?? [schema]).length || [schema.type].flat().includes('null');

describe('the OpenAPI document states the rules the API holds to', () => {
  it('names the sort keys of the mandators list', () => {
    expect(query('GET', '/api/mandators', 'sort').enum).toEqual([
      '',
      'name',
      '-name',
      'passwordExpiry',
      '-passwordExpiry',
    ]);
  });

  it('names the four lengths of the notification lists', () => {
    expect(query('GET', '/api/notifications', 'limit').enum).toEqual(['10', '20', '50', '100']);
    expect(query('GET', '/api/installations/{id}/notifications', 'limit').enum).toEqual(['10', '20', '50', '100']);
  });

  it('gives the patterns of a document location and a phone number, the step of a map zoom', () => {
    const location = new RegExp(bodyAt('PATCH', '/api/documents/{id}', 'document', 'location').pattern!, 'u');
    expect(['ENU', 'DES,FRS', 'ENU, ESP'].every((value) => location.test(value))).toBe(true);
    expect(['', 'EN', 'ENU;DES', 'ENU,'].some((value) => location.test(value))).toBe(false);
    const [phone] = alternatives(doc, bodyAt('POST', '/api/users', 'user', 'phone'));
    expect(new RegExp(phone!.pattern!, 'u').test('+41 (0)27 123-45/67')).toBe(true);
    expect(new RegExp(phone!.pattern!, 'u').test('call me')).toBe(false);
    expect(bodyAt('PATCH', '/api/areas/{id}', 'area', 'mapZoom').multipleOf).toBe(0.1);
  });

  it('keeps periods out of a task’s due condition and requires both parts of a recurring condition', () => {
    expect(bodyAt('POST', '/api/tasks', 'task', 'attributes', 'dueCondition', 'type').enum).toEqual(['bendingCycles']);
    expect(bodyAt('POST', '/api/tasks', 'task', 'attributes', 'recurringConditions', '[]').required).toEqual([
      'type',
      'threshold',
    ]);
  });

  it('offers null in a PATCH only for attributes the entity may lack', () => {
    const event = (key: string) => bodyAt('PATCH', '/api/events/{id}', 'ropeEvent', 'attributes', key);
    expect(nullable(event('timestamp'))).toBe(false);
    expect(nullable(event('type'))).toBe(false);
    expect(nullable(event('description'))).toBe(true);
    const task = (key: string) => bodyAt('PATCH', '/api/tasks/{id}', 'task', 'attributes', key);
    expect(nullable(task('description'))).toBe(false);
    expect(nullable(task('dueAt'))).toBe(true);
  });

  it('gives the characters of a project number and an external key, as the paths take them', () => {
    const put = route('PUT', '/api/habel/installations/{installationNumber}/documents/{externalKey}');
    const [number, key] = ['installationNumber', 'externalKey'].map(
      (name) => new RegExp(put.pathParams.find((param) => param.name === name)!.schema.pattern!, 'u'),
    );
    expect(number!.test('CH-1234_a.b')).toBe(true);
    expect(number!.test('CH 1234')).toBe(false);
    expect(key!.test('doc:17.pdf')).toBe(true);
    expect(key!.test('../etc')).toBe(false);
  });

  it('takes an MRT threshold of at least 0 only, as its pattern says', async () => {
    const pattern = new RegExp(query('GET', '/api/events/{id}/mrt-candidates', 'threshold').pattern!, 'u');
    expect(pattern.test('12.5')).toBe(true);
    expect(pattern.test('-1')).toBe(false);
  });

  it('refuses a null for an event’s timestamp at the door, as the document now says', async () => {
    const mandator = await seedMandator(t.ctx.db);
    const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'], mandatorIds: [mandator.id] });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/events/1',
      headers: { cookie: await signIn(t.ctx, admin) },
      payload: { ropeEvent: { attributes: { timestamp: null } } },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['ropeEvent.attributes.timestamp']);
  });
});
