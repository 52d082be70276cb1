// startMock's refusals, before any mock serves: a missing or unreadable spec, a port in use, a seed
// that is not an integer; each error names what was wrong and how to fix it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockStartError, startMock } from '../../src/index.js';

describe('errors', () => {
  it('names the missing spec file and how to build it', async () => {
    const error = await startMock({ spec: '/nonexistent/openapi.yaml' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockStartError);
    expect((error as Error).message).toContain('/nonexistent/openapi.yaml');
    expect((error as Error).message).toContain('pnpm build');
  });

  it('says when the document is not an OpenAPI document', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-'));
    const file = join(dir, 'broken.yaml');
    await writeFile(file, 'this: [is not, an openapi document');
    const error = await startMock({ spec: file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockStartError);
    expect((error as Error).message).toContain(`could not read ${file} as an OpenAPI document`);
  });

  it('names a port in use and how to fix it', async () => {
    const taken = await listenOnFreePort();
    try {
      const port = (taken.address() as { port: number }).port;
      const error = await startMock({ port }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MockStartError);
      expect((error as Error).message).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect((error as Error).message).toContain('pass 0 for a free one');
    } finally {
      taken.close();
    }
  });

  it('refuses a seed that is not an integer', async () => {
    await expect(startMock({ dynamic: true, seed: 'abc' })).rejects.toThrow('The seed must be an integer, got "abc"');
  });

  it('refuses a port out of range with the message the CLI gives', async () => {
    await expect(startMock({ port: 70000 })).rejects.toThrow(
      'The port must be an integer from 0 to 65535 (0: a free one), got 70000',
    );
  });
});

function listenOnFreePort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
