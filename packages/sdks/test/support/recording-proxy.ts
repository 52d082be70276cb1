// A loopback server that records each request's method, path and headers, so a test can check what
// a generated client really sent (apikey, onBehalfOf, Prefer), and has the mock answer it in this
// process (`mock.handle`): nothing is relayed.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Mock } from '@chatplatform/mock';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingProxy {
  url: string;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

export async function startRecordingProxy(mock: Mock): Promise<RecordingProxy> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    requests.push({ method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers });
    mock.handle(incoming, outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
