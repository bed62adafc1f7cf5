import { afterAll, describe, expect, it } from 'vitest';
import { sleep } from '../helpers/eventually.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
});

describe('the request log when its reader goes away', () => {
  it('keeps serving after stdout is closed (EPIPE), instead of failing the process', async () => {
    server = await startServer();
    // The reader of the log pipe goes away: every later write to fd 1 fails with EPIPE.
    server.child.stdout?.destroy();
    for (let i = 0; i < 20; i += 1) {
      const res = await fetch(`${server.url}/healthz`, { headers: { 'X-Forwarded-For': `192.0.2.${i + 1}` } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      await sleep(10); // each turn's lines are written, and refused, before the next request
    }
    await sleep(200);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
