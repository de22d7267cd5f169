import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

/** The directives of a Content-Security-Policy header, each with its sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const entries = String(header ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0]);
  return new Map(entries.map(([name, ...sources]) => [name as string, sources]));
}

describe('the API documentation page (/api/doc)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is as strict as the app: scripts and styles from its own origin only, no inline code, no other host', async () => {
    for (const url of [
      '/api/doc/',
      '/api/doc/static/swagger-initializer.js',
      '/api/doc/static/theme/accessibility.js',
      '/api/doc/static/theme/operation-alone.js',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(policy.get('style-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      for (const [name, sources] of policy) {
        expect(
          sources.filter((source) => /unsafe|https:|\*/.test(source)),
          `${url} ${name}`,
        ).toEqual([]);
      }
    }
  });

  it('loads its accessibility stylesheet and its plugins from this origin and leaves out the top bar and deep links', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/doc/' });
    expect(page.body).toContain('theme/accessibility.css');
    expect(page.body).toContain('theme/accessibility.js');
    const initializer = (await t.app.inject({ method: 'GET', url: '/api/doc/static/swagger-initializer.js' })).body;
    expect(initializer).toContain('"layout":"BaseLayout"');
    expect(initializer).toContain('"deepLinking":false');
    expect(initializer).toContain('window.RopeDocAccessibility(system)');
    const plugin = await t.app.inject({ method: 'GET', url: '/api/doc/static/theme/accessibility.js' });
    expect(plugin.headers['content-type']).toMatch(/javascript/);
    expect(plugin.body).toContain('window.RopeDocAccessibility =');
    expect(page.body).toContain('theme/operation-alone.js');
    expect(initializer).toContain('window.RopeDocOperationAlone(system)');
    const alone = await t.app.inject({ method: 'GET', url: '/api/doc/static/theme/operation-alone.js' });
    expect(alone.headers['content-type']).toMatch(/javascript/);
    expect(alone.body).toContain('window.RopeDocOperationAlone =');
    const stylesheet = await t.app.inject({ method: 'GET', url: '/api/doc/static/theme/accessibility.css' });
    expect(stylesheet.headers['content-type']).toMatch(/text\/css/);
  });
});
