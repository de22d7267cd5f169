import { once } from 'node:events';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/test-app.ts';
import { closeContext } from '../context.ts';

describe('a request that arrives while the server shuts down', () => {
  it('answers 503 in the error shape with a message key and Retry-After', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    const body = JSON.stringify({ username: 'nobody@closing.test', password: 'not-the-password-1' });
    // A first request in flight (its body not yet sent) keeps the connection busy while the server starts closing.
    socket.write(
      `POST /api/login/json HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await sleep(200);
    const closed = t.app.close();
    await sleep(100);
    // The rest of the first request and a second one behind it, on the same connection.
    socket.write(`${body}GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await Promise.race([once(socket, 'close'), sleep(5_000)]);
    socket.destroy();
    await closed;
    await closeContext(t.ctx);
    rmSync(t.dataDir, { recursive: true, force: true });

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    const second = answers[1]!;
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second.toLowerCase()).toContain('retry-after: 5');
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'UNAVAILABLE',
      message: 'The server is restarting; try again shortly',
      key: 'app.errors.shuttingDown',
    });
  });
});
