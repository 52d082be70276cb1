import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledSpecPath } from '@chatplatform/spec';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { operations, spec } from '../support/spec-operations.js';

const getCall = operations.find((op) => op.id === 'get-call')!;
const listApps = operations.find((op) => op.id === 'list-apps')!;
/** The session of the spec's first Get Call example, which the static mock serves. */
const exampleSession: string = spec.components.examples.CallInitiated.value.data[0].sessionId;

function getCallOn(mockUrl: string, headers: Record<string, string>) {
  return fetch(mockUrl + new URL(getCall.productionUrl).pathname, { headers });
}

describe('static mock', () => {
  it('listens on a loopback origin', () => {
    expect(inject('mockUrl')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the spec’s first 200 example for Get Call on its production path', async () => {
    const res = await getCallOn(inject('mockUrl'), getCall.authHeaders);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data[0]).toMatchObject({
      sessionId: exampleSession,
      status: 'initiated',
      type: 'audio',
      hasRecording: false,
    });
  });

  it('serves a named example on request', async () => {
    const res = await getCallOn(inject('mockUrl'), { ...getCall.authHeaders, Prefer: 'example=endedWithRecording' });
    expect((await res.json()).data[0].recordings).toHaveLength(1);
  });

  it('refuses a request without the apikey header', async () => {
    expect((await getCallOn(inject('mockUrl'), {})).status).toBe(401);
  });

  it('does not answer a path stripped of its server’s base path', async () => {
    const res = await fetch(inject('mockUrl') + getCall.path.replace('{sessionId}', 'x'), {
      headers: getCall.authHeaders,
    });
    expect(res.status).toBe(404);
  });
});

describe('a request body that is not JSON', () => {
  it('is answered 400 (Prism alone never answered it), and the mock keeps serving', async () => {
    const url = inject('mockUrl');
    const bad = await fetch(`${url}/v3/messages`, {
      method: 'POST',
      headers: { ...getCall.authHeaders, 'content-type': 'application/json' },
      body: '\u0000 not json',
      signal: AbortSignal.timeout(15_000),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, detail: 'The request body is not valid JSON.' });
    expect((await getCallOn(url, getCall.authHeaders)).status).toBe(200);
  });

  it('an empty body sent chunked is no body, not malformed JSON (as Prism reads it)', async () => {
    const post = operations.find((operation) => operation.method === 'POST');
    if (!post) throw new Error('the spec has no POST operation to send an empty body to');
    const { hostname, port } = new URL(inject('mockUrl'));
    const answer = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        {
          host: hostname,
          port,
          method: 'POST',
          path: new URL(post.productionUrl).pathname,
          headers: { ...post.authHeaders, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          timeout: 15_000,
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk)).once('end', () => resolve(text));
        },
      );
      request.once('error', reject).end();
    });
    expect(answer).not.toContain('The request body is not valid JSON.');
  });
});

describe('startMock', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.stop());

  it('picks a free port when none is given and reports it', () => {
    expect(mock.port).toBeGreaterThan(0);
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
  });

  it('turns a production URL into the mock’s: same path and query, the mock’s origin', async () => {
    expect(mock.urlFor('https://a1b2c3.call-eu.cometchat.io/v3/calls/s1?x=1')).toBe(`${mock.url}/v3/calls/s1?x=1`);
    const res = await fetch(mock.urlFor(listApps.productionUrl), { headers: listApps.authHeaders });
    expect(res.status).toBe(200);
  });

  it('turns each spec server into the mock’s base URL', () => {
    expect(mock.serverUrl(spec.servers[0])).toBe(`${mock.url}/v3`);
    expect(mock.serverUrl(spec.paths['/apps'].servers[0].url)).toBe(mock.url);
  });

  it('answers on a server of one’s own through handle(), in this process, as on its port', async () => {
    const own = createHttpServer((request, response) => mock.handle(request, response));
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const ownUrl = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
      const [viaHandle, viaPort] = await Promise.all(
        [ownUrl, mock.url].map((origin) =>
          fetch(origin + new URL(getCall.productionUrl).pathname, { headers: getCall.authHeaders }),
        ),
      );
      expect(viaHandle!.status).toBe(200);
      expect(await viaHandle!.json()).toEqual(await viaPort!.json());
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });

  it('stops, frees the port, and can be stopped twice', async () => {
    const other = await startMock();
    await Promise.all([other.stop(), other.stop()]);
    await expect(fetch(other.url)).rejects.toThrow();
  });
});

function listenOnFreePort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('CLI', () => {
  const cliPath = join(import.meta.dirname, '../../dist/cli.js');
  function run(args: string[]) {
    const cli = spawn(process.execPath, [cliPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => cli.once('exit', resolve));
    return { cli, exited, out: () => stdout, err: () => stderr };
  }

  it('serves production paths, prints its address and stops cleanly on SIGINT', async () => {
    const { cli, exited, out } = run(['--port', '0']);
    const url = await new Promise<string>((resolve, reject) => {
      cli.stdout.on('data', () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out());
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`CLI exited with ${code}: ${out()}`)));
    });
    expect((await getCallOn(url, getCall.authHeaders)).status).toBe(200);
    cli.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  for (const [args, message] of [
    [['--port', 'abc'], 'The port must be an integer from 0 to 65535 (0: a free one), got "abc"'],
    [['--port', ''], 'The port must be an integer from 0 to 65535 (0: a free one), got ""'],
    [['--seed', 'abc'], 'The seed must be an integer, got "abc"'],
  ] as const) {
    it(`refuses ${args.join(' ')} with a usage line`, async () => {
      const { exited, err } = run([...args]);
      expect(await exited).toBe(2);
      expect(err()).toContain(message);
      expect(err()).toContain('usage: chatplatform-mock');
    });
  }

  it('names a port in use and exits 1', async () => {
    const taken = await listenOnFreePort();
    try {
      const port = (taken.address() as { port: number }).port;
      const { exited, err } = run(['--port', String(port)]);
      expect(await exited).toBe(1);
      expect(err()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      taken.close();
    }
  });
});

describe('an answer that breaks the spec (an example of the wrong type)', () => {
  async function specWithBadExample(): Promise<string> {
    const document = JSON.parse(await readFile(bundledSpecPath('json'), 'utf8'));
    document.components.examples.CallInitiated.value.data[0].sessionId = 42; // the schema says string
    const file = join(await mkdtemp(join(tmpdir(), 'mock-')), 'bad-example.json');
    await writeFile(file, JSON.stringify(document));
    return file;
  }

  it('is refused with Prism’s violations problem when `errors` is set, and served as written without it', async () => {
    const spec = await specWithBadExample();
    for (const [errors, status] of [
      [true, 500],
      [false, 200],
    ] as const) {
      const mock = await startMock({ spec, errors });
      try {
        const res = await getCallOn(mock.url, getCall.authHeaders);
        expect(res.status, `errors: ${errors}`).toBe(status);
        const body = await res.json();
        if (errors) expect(body.type).toMatch(/VIOLATIONS$/);
        else expect(body.data[0].sessionId).toBe(42);
      } finally {
        await mock.stop();
      }
    }
  });
});
