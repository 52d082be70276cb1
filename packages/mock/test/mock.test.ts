import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledSpecPath, MockStartError, startMock, type Mock } from '../src/index.js';

const callPath = '/calls/v1.us.any-session';
const spec = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@chatplatform/spec/openapi.json'), 'utf8'));
/** The session of the spec's first Get Call example, which the static mock serves. */
const exampleSession: string = spec.components.examples.CallInitiated.value.data[0].sessionId;

describe('startMock (static examples)', () => {
  let mock: Mock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.stop());

  it('listens on a loopback URL', () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the spec’s first 200 example for Get Call', async () => {
    const res = await fetch(mock.url + callPath, { headers: { apikey: 'test-key' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data[0]).toMatchObject({ sessionId: exampleSession, status: 'initiated', type: 'audio', hasRecording: false });
  });

  it('serves a named example on request', async () => {
    const res = await fetch(mock.url + callPath, {
      headers: { apikey: 'test-key', Prefer: 'example=endedWithRecording' },
    });
    const body = await res.json();
    expect(body.data[0].recordings).toHaveLength(1);
  });

  it('refuses a request without the apikey header', async () => {
    const res = await fetch(mock.url + callPath);
    expect(res.status).toBe(401);
  });

  it('answers the documented 400 on request', async () => {
    const res = await fetch(mock.url + callPath, { headers: { apikey: 'test-key', Prefer: 'code=400' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({});
  });
});

describe('startMock (dynamic)', () => {
  it('generates the same response for the same seed', async () => {
    const bodies = [];
    for (const seed of [7, 7]) {
      const mock = await startMock({ dynamic: true, seed });
      try {
        const res = await fetch(mock.url + callPath, { headers: { apikey: 'test-key' } });
        bodies.push(await res.text());
      } finally {
        await mock.stop();
      }
    }
    expect(bodies[0]).toBe(bodies[1]);
    const generated = JSON.parse(bodies[0]!);
    expect(generated.data).toBeInstanceOf(Array);
    // Generated, not the static example's session.
    expect(generated.data[0]?.sessionId).not.toBe(exampleSession);
  });
});

describe('port', () => {
  it('takes port 0 as any free port, like the OS does', async () => {
    const mock = await startMock({ port: 0 });
    try {
      expect(mock.port).toBeGreaterThan(0);
      expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
      expect((await fetch(mock.url + callPath, { headers: { apikey: 'test-key' } })).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });
});

describe('stop', () => {
  it('frees the port and can be called twice', async () => {
    const mock = await startMock();
    await Promise.all([mock.stop(), mock.stop()]);
    await expect(fetch(mock.url + callPath)).rejects.toThrow();
  });
});

describe('errors', () => {
  it('locates the bundled spec through the spec package’s exports', () => {
    expect(bundledSpecPath()).toMatch(/spec\/dist\/openapi\.yaml$/);
  });

  it('names a port in use and how to pick another, without starting Prism', async () => {
    const busy = createServer().listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const { port } = busy.address() as AddressInfo;
    try {
      const error = await startMock({ port }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MockStartError);
      expect((error as Error).message).toBe(
        `port ${port} on 127.0.0.1 is already in use: stop what listens there, choose another with --port N, or --port 0 for a free one`,
      );
    } finally {
      busy.close();
    }
  });

  it('names the missing spec file and how to build it', async () => {
    const error = await startMock({ spec: '/nonexistent/openapi.yaml' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockStartError);
    expect((error as Error).message).toContain('/nonexistent/openapi.yaml');
    expect((error as Error).message).toContain('pnpm build');
  });

  it('reports Prism’s own complaint when the document is not a spec', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-'));
    const spec = join(dir, 'broken.yaml');
    await writeFile(spec, 'this: [is not, an openapi document');
    const error = await startMock({ spec, startTimeoutMs: 20_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockStartError);
    expect((error as Error).message).toMatch(/Prism could not start on http:\/\/127\.0\.0\.1:\d+: Prism exited/);
  });
});

describe('CLI', () => {
  it('prints its address and stops cleanly on SIGINT', async () => {
    const cli = spawn(process.execPath, [join(import.meta.dirname, '../dist/cli.js'), '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      cli.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      cli.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${out}`)));
    });
    const res = await fetch(url + callPath, { headers: { apikey: 'test-key' } });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => cli.once('exit', resolve));
    cli.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it.each([
    [['--port', 'abc'], '--port must be a whole number'],
    [['--port', ''], '--port must be a whole number'],
    [['--seed', 'abc'], '--seed must be a whole number'],
  ])('refuses %j with a usage line, before starting Prism', async (args, message) => {
    const cli = spawn(process.execPath, [join(import.meta.dirname, '../dist/cli.js'), ...args]);
    let err = '';
    cli.stderr.on('data', (chunk: Buffer) => (err += chunk));
    const code = await new Promise((resolve) => cli.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(err).toContain('usage: chatplatform-mock');
  });
});
