// A scripted HTTP server on 127.0.0.1 that answers each request with the next fault of its script.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Destroy the connection with a TCP reset before answering. */
  | 'reset'
  /** Never answer. */
  | 'hang'
  /** Send the status line and headers, then never the body. */
  | 'hang-body';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface FaultServer {
  url: string;
  requests: SeenRequest[];
  /**
   * Connections that carried a request and have since closed (proves an aborted request left
   * nothing open). Only those count: after an abort, Node's fetch may open a spare connection that
   * never carries a request, so counting every socket would depend on its pool's timing.
   */
  closedSockets(): number;
  close(): Promise<void>;
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Fault => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});

export async function startFaultServer(script: Fault[]): Promise<FaultServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const served = new Set<Socket>();
  let closed = 0;
  const server = createServer((req, res: ServerResponse) => {
    requests.push({ method: req.method!, url: req.url!, headers: req.headers });
    if (!served.has(req.socket)) {
      served.add(req.socket);
      req.socket.on('close', () => closed++);
    }
    const fault = script[requests.length - 1];
    if (fault === undefined) {
      res.writeHead(599, { 'content-type': 'text/plain' }).end(`the fault script has only ${script.length} steps`);
    } else if (fault === 'reset') {
      req.socket.resetAndDestroy();
    } else if (fault === 'hang') {
      // nothing: the client's timeout or signal must end it
    } else if (fault === 'hang-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.flushHeaders();
    } else {
      res.writeHead(fault.status, fault.headers ?? {}).end(fault.body ?? '');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    closedSockets: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
