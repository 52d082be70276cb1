import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { assertPortFree, freePort } from './free-port.js';
import { bundledSpecPath, prismBin } from './prism.js';
import { stopProcess } from './stop-process.js';

export { bundledSpecPath, prismBin } from './prism.js';
export { stopProcess } from './stop-process.js';
export { freePort } from './free-port.js';

export interface MockOptions {
  /** Port on 127.0.0.1; a free one is chosen when omitted or 0. */
  port?: number;
  /** Generate responses from the schemas (json-schema-faker) instead of serving the examples. */
  dynamic?: boolean;
  /** Seed for dynamic responses, so that a run is repeatable. */
  seed?: number | string;
  /** Turn request/response violations into error responses (Prism's `--errors`). */
  errors?: boolean;
  /** OpenAPI document to serve; defaults to the bundled spec of `@chatplatform/spec`. */
  spec?: string;
  /** How long to wait for Prism to answer, in milliseconds. */
  startTimeoutMs?: number;
}

export interface Mock {
  /** Base URL of the mock, without the `/v3` base path: Prism serves `/calls/{sessionId}`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class MockStartError extends Error {
  override name = 'MockStartError';
}

const LOG_LINES_KEPT = 40;

/** Starts Prism on a loopback port from the bundled spec and resolves once it answers HTTP. */
export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const spec = options.spec ?? bundledSpecPath();
  if (!existsSync(spec)) {
    throw new MockStartError(
      `The spec to mock was not found at ${spec}. Build it first: \`pnpm build\` at the repository root ` +
        '(or `pnpm --filter @chatplatform/spec bundle`).',
    );
  }
  // Prism is told the port rather than asked for one, so that the URL is known before it answers.
  // A port the caller chose is checked first: Prism's own EADDRINUSE line comes last, after its usage.
  if (options.port) {
    await assertPortFree(options.port).catch((error: Error) => {
      throw new MockStartError(error.message);
    });
  }
  const port = options.port || (await freePort());
  const args = [prismBin(), 'mock', spec, '--host', '127.0.0.1', '--port', String(port)];
  if (options.dynamic) args.push('--dynamic');
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  if (options.errors) args.push('--errors');

  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = keepLastLines(child);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(url, child, options.startTimeoutMs ?? 30_000);
  } catch (error) {
    await stopProcess(child);
    process.removeListener('exit', killOnExit);
    const reason = error instanceof Error ? error.message : String(error);
    throw new MockStartError(`Prism could not start on ${url}: ${reason}\nLast lines of its log:\n${log().join('\n')}`);
  }

  let stopped: Promise<void> | undefined;
  return {
    url,
    port,
    stop() {
      stopped ??= stopProcess(child).finally(() => process.removeListener('exit', killOnExit));
      return stopped;
    },
  };
}

/** Drains Prism's output (a full pipe would block it) and keeps the tail for error messages. */
function keepLastLines(child: ChildProcess): () => string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > LOG_LINES_KEPT) lines.splice(0, lines.length - LOG_LINES_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines;
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `Prism exited (${signal ?? `code ${code}`}) before it answered`;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited);
    try {
      // Any HTTP answer (even 404) means the server is up. The body is dropped so that the probe's
      // connection does not linger until garbage collection.
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`no answer within ${timeoutMs} ms`);
}
