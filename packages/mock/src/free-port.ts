import { createServer } from 'node:net';

/** Asks the OS for a port that is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port of a probe socket'));
      });
    });
  });
}

/** Fails with what to do when something already listens on `port` at 127.0.0.1. */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => {
      const inUse = error.code === 'EADDRINUSE';
      reject(
        new Error(
          inUse
            ? `port ${port} on 127.0.0.1 is already in use: stop what listens there, choose another with --port N, or --port 0 for a free one`
            : `cannot listen on 127.0.0.1:${port} (${error.code ?? error.message})`,
        ),
      );
    });
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
