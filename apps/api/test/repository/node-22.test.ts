import { execFileSync, spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@rope/server-runner';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the README's commands, without type declarations.
import { installNodeMajor } from '../../../../scripts/runtime.mjs';
import { repoRoot } from '../../src/env.ts';
import { phonePhoto } from '../support/photo.ts';

const ADMIN = { email: 'first-admin@example.com', password: 'first-admin-pass-1' };

/** A multipart body with one file, as a browser sends the picture form. */
function pictureForm(bytes: Buffer) {
  const boundary = `----rope${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

// Node 24 runs every other test; Node 22 is the oldest version the README supports, so the compiled server, its
// native packages (sharp, the password hashing) and the embedded database are proven on it here.
describe('the cockpit on Node 22, the oldest supported version', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('starts compiled on the embedded database, signs the first admin in, turns a photo upright and reads an inspection file in its compiled thread', {
    timeout: 300_000,
  }, async () => {
    const node = installNodeMajor(repoRoot, 22);
    expect(execFileSync(node, ['--version'], { encoding: 'utf8' })).toMatch(/^v22\./);
    const built = spawnSync(process.execPath, [join(repoRoot, 'apps/api/scripts/build.mjs')], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    server = await startServer({
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      entry: 'apps/api/dist/server.mjs',
      node,
      startTimeoutMs: 180_000,
      dataDirPrefix: 'rope-node-22-',
    });
    const { url } = server;
    if (process.platform === 'linux') expect(realpathSync(`/proc/${server.pid}/exe`)).toBe(realpathSync(node));
    const login = await fetch(`${url}/api/login/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const json = { cookie, 'content-type': 'application/json' };

    const created = await fetch(`${url}/api/users`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        user: {
          email: 'pm-on-22@example.com',
          firstname: 'Petra',
          lastname: 'Muster',
          role: 'ROLE_PROJECT_MANAGER',
          password: 'node-22-pass-word',
          languageId: 'DES',
        },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { user } = (await created.json()) as { user: { id: number } };
    const form = pictureForm(await phonePhoto({ width: 300, height: 200, orientation: 6 }));
    const uploaded = await fetch(`${url}/api/users/${user.id}/picture`, {
      method: 'POST',
      headers: { cookie, 'content-type': form.type },
      body: form.body,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(300);
    const picture = await fetch(`${url}/api/users/${user.id}/picture`, { headers: { cookie } });
    expect(picture.status).toBe(200);
    const stored = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([stored.width, stored.height, stored.exif]).toEqual([200, 300, undefined]);

    // The XML parser's thread runs its own bundle (dist/xml-worker.mjs) with plain Node, as production runs no
    // TypeScript (infra/worker-thread.ts).
    const parsed = await fetch(`${url}/api/events/import/parse`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/xml' },
      body: '<inspection><timestamp>2026-03-01T10:00:00Z</timestamp><damages><damage position="12.5" count="2"/></damages></inspection>',
    });
    expect(parsed.status, await parsed.clone().text()).toBe(200);
    expect(await parsed.json()).toMatchObject({ damages: [{ position: 12.5 }] });
  });
});
