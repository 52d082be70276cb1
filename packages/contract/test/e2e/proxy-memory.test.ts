import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, packageDir } from '../support/helpers.js';

// The proxy's memory, measured in a process of its own (the peak resident set the kernel counts,
// not a sample), against bodies that never end: the upstream and the clients send tiny chunks,
// the costliest way to deliver a body, up to a fixed number of bytes each, so no verdict depends
// on time. The README states the bound: about 3 × --max-body-bytes per exchange under way.
const LIMIT = 1024 * 1024;
const CONCURRENT = 8;
/** Bytes each endless body may send at most: far past the limit, so a proxy that kept reading is seen. */
const CAP = 32 * LIMIT;
const PIECE = 16;

/** One block of HTTP/1.1 chunked framing: many `PIECE`-byte chunks of a JSON-looking body. */
const block = (() => {
  const one = Buffer.from(`${PIECE.toString(16)}\r\n${'1,'.repeat(PIECE / 2)}\r\n`);
  return Buffer.concat(Array(Math.ceil(65_536 / one.length)).fill(one));
})();

/**
 * Writes chunked framing on `socket` until `CAP` bytes, the peer closes or `answered()` (a client
 * stops sending once it has its answer); answers the bytes written.
 */
function pour(socket: net.Socket, answered = () => false): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    const pump = () => {
      while (sent < CAP && !socket.destroyed && !answered()) {
        sent += block.length;
        if (!socket.write(block)) return void socket.once('drain', pump);
      }
      socket.end();
    };
    socket.once('close', () => resolve(sent));
    socket.on('error', () => {});
    pump();
  });
}

let upstream: net.Server;
const upstreamSent: Promise<number>[] = [];
let proxy: { child: ChildProcessWithoutNullStreams; url: string; peakBefore: number; lines: AsyncIterator<string> };

beforeAll(async () => {
  if (!existsSync(cliPath))
    throw new Error(`${cliPath} is missing: build the package first (pnpm --filter @chatplatform/contract build)`);
  // An upstream that answers every request with a chunked JSON body that never ends.
  upstream = net.createServer((socket) => {
    socket.once('data', () => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n');
      upstreamSent.push(pour(socket));
    });
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v3`;
  const child = spawn(
    process.execPath,
    ['--expose-gc', join(packageDir, 'test/fixtures/proxy/memory-child.mjs'), upstreamUrl, String(LIMIT)],
    { cwd: packageDir },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = JSON.parse(String((await lines.next()).value));
  proxy = { child, url: first.url, peakBefore: first.peakKiB, lines };
});

afterAll(() => {
  proxy?.child.kill();
  upstream?.close();
});

/** Sends a GET on a raw socket and reads the whole answer. */
async function getCall(url: string, id: string): Promise<string> {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.write(`GET /calls/${id} HTTP/1.1\r\nhost: x\r\napikey: k\r\nconnection: close\r\n\r\n`);
  await once(socket, 'close');
  return answer;
}

/** Sends a POST whose chunked body never ends (up to CAP bytes, until the answer comes), and reads the answer. */
async function endlessUpload(url: string): Promise<{ answer: string; sent: number }> {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.write(
    'POST /messages HTTP/1.1\r\nhost: x\r\napikey: k\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n',
  );
  const sent = await pour(socket, () => answer.length > 0);
  return { answer, sent };
}

describe('proxy memory: bounded by --max-body-bytes × exchanges under way', () => {
  it('refuses endless bodies both ways as larger than the limit, within 3 × the limit per exchange', async () => {
    const downloads = Array.from({ length: CONCURRENT }, (_, i) => getCall(proxy.url, `endless-${i}`));
    const uploads = Array.from({ length: CONCURRENT }, () => endlessUpload(proxy.url));
    const answers = await Promise.all(downloads);
    const posted = await Promise.all(uploads);
    proxy.child.stdin.write('report\n');
    const { peakKiB, summary } = JSON.parse(String((await proxy.lines.next()).value));

    const tooLarge = `larger than ${LIMIT} bytes (--max-body-bytes)`;
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1.1 502 /);
      expect(answer).toContain(`the response body is ${tooLarge}`);
    }
    for (const { answer, sent } of posted) {
      expect(answer).toMatch(/^HTTP\/1.1 413 /);
      expect(answer).toContain(`the request body is ${tooLarge}`);
      expect(sent).toBeLessThan(CAP);
    }
    // The proxy stopped reading each endless body: no upstream poured its whole CAP.
    for (const sent of await Promise.all(upstreamSent)) expect(sent).toBeLessThan(CAP);
    expect(summary).toMatchObject({ exchanges: 2 * CONCURRENT, failed: 2 * CONCURRENT });
    for (const outcome of summary.reports) expect(outcome.reason).toContain(tooLarge);

    const growthBytes = (peakKiB - proxy.peakBefore) * 1024;
    expect(growthBytes).toBeLessThan(3 * LIMIT * 2 * CONCURRENT);
  });
});
