// A request body past the mock's bound (Prism's 10 MiB), sent by a client that reads only once it
// has sent everything, as simple HTTP clients do: it gets its 413, with the connection closed after.
import { once } from 'node:events';
import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';

/** Sends `head` and `size` bytes of body on one connection, then reads the whole answer. */
async function sendThenRead(url: string, head: string, size: number) {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  const closed = once(socket, 'close');
  let error: string | undefined;
  socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
  await once(socket, 'connect');
  socket.pause();
  const block = Buffer.alloc(64 * 1024, '1');
  const write = (data: Buffer | string) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
  await write(head);
  for (let sent = 0; sent < size && !socket.destroyed; sent += block.length) await write(block);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.resume();
  await closed;
  return { answer, error };
}

describe('a request body past the bound', () => {
  /** Past what the kernel holds in flight, so the mock answers while the body is still coming. */
  const BODY = 48 * 1024 * 1024;

  for (const connection of ['keep-alive', 'close']) {
    it(`is answered 413 whole, the connection closed after (connection: ${connection})`, async () => {
      const head = `POST /v3/calls HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${BODY}\r\nconnection: ${connection}\r\n\r\n`;
      const { answer, error } = await sendThenRead(inject('mockUrl'), head, BODY);
      expect(error).toBeUndefined();
      expect(answer).toMatch(/^HTTP\/1.1 413 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ status: 413 });
    });
  }
});
