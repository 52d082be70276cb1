// A per-test HTTP server on 127.0.0.1 (port 0) answering with the test's own handler, recording
// every request with its body. Two of them are two origins (different ports).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  url: string;
  requests: Seen[];
  /** Connections that carried a request and have since closed. */
  closedSockets(): number;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

const open: TestServer[] = [];

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Seen[] = [];
  const sockets = new Set<Socket>();
  let closed = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const seen = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() };
    requests.push(seen);
    req.socket.once('close', () => closed++);
    handler(req, res, seen);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const s: TestServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    closedSockets: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  open.push(s);
  return s;
}

/** Closes every server started since the last call (for afterEach). */
export const closeServers = () => Promise.all(open.splice(0).map((s) => s.close()));

/** A handler redirecting with `status` to `location`. */
export const redirect =
  (status: number, location: string): Handler =>
  (_req, res) =>
    res.writeHead(status, { location }).end();

/** A handler answering JSON. */
export const answer =
  (value: unknown, status = 200): Handler =>
  (_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
