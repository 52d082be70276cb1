// A loopback server for what the Prism mock cannot serve: Get Call answering each record fixture by
// its sessionId (and 400 for one id), List apps recording the management headers, and CONNECT
// requests recorded and refused, so a client left on its default https server shows on the wire
// which host it would reach without any request leaving the machine.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureServer {
  url: string;
  /** `host:port` of every CONNECT, in arrival order. */
  connects: string[];
  requests: { method: string; path: string; headers: IncomingHttpHeaders }[];
  stop(): Promise<void>;
}

export async function startFixtureServer(
  records: Record<string, unknown>,
  badRequestId: string,
): Promise<FixtureServer> {
  const connects: string[] = [];
  const requests: FixtureServer['requests'] = [];
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://fixture').pathname;
    requests.push({ method: incoming.method ?? '', path, headers: incoming.headers });
    const json = (status: number, body: unknown) => {
      outgoing.writeHead(status, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(body));
    };
    const sessionId = /\/calls\/([^/]+)$/.exec(path)?.[1];
    if (sessionId !== undefined) {
      const id = decodeURIComponent(sessionId);
      if (id === badRequestId) return json(400, {});
      if (id in records) return json(200, { data: [records[id]] });
    }
    if (path.endsWith('/apps')) return json(200, {});
    json(404, {});
  });
  server.on('connect', (request, socket) => {
    connects.push(request.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    requests,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
