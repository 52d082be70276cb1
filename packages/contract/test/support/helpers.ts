import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CommandIo } from '../../src/commands/io.js';
import { runCli as runCommand } from '../../src/commands/main.js';
import { validateCommand } from '../../src/commands/validate.js';
import { UsageError } from '../../src/errors.js';
import { bundledSpecPath, type OpenApiDocument } from '../../src/index.js';

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliPath = join(packageDir, 'dist', 'cli.js');
export const traffic = (name: string) => `test/fixtures/traffic/${name}`;

/** Fake credentials used in the fixtures: no report may ever contain them. */
export const FIXTURE_SECRETS = [
  'fixture-apikey-DO-NOT-PRINT',
  'fixture-mgmt-key-DO-NOT-PRINT',
  'fixture-mgmt-secret-DO-NOT-PRINT',
];

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a subprocess from the package directory. */
export function runCli(args: string[], options: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): CliResult {
  if (!existsSync(cliPath)) {
    throw new Error(
      `${cliPath} is missing: build the package first (pnpm turbo run build --filter=@chatplatform/contract)`,
    );
  }
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: packageDir,
    encoding: 'utf8',
    input: options.input,
    env: options.env ?? process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function expectNoSecrets(...outputs: string[]): void {
  for (const output of outputs) {
    for (const secret of FIXTURE_SECRETS) {
      if (output.includes(secret)) throw new Error(`a report printed the fixture secret ${secret}`);
    }
  }
}

/**
 * Runs `chatplatform-contract validate` in this process (no process start, no fresh spec
 * compilation per case); a usage error is exit 2 with its message, as the CLI does.
 */
export async function validateInProcess(args: string[], options: { input?: string | Buffer } = {}): Promise<CliResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CommandIo = {
    stdout: { write: (text: string) => stdout.push(text) },
    stderr: { write: (text: string) => stderr.push(text), isTTY: false },
    stdin: Readable.from(options.input === undefined || options.input.length === 0 ? [] : [Buffer.from(options.input)]),
  };
  const cwd = process.cwd();
  process.chdir(packageDir);
  let code: number;
  try {
    if (args[0] !== 'validate') throw new Error('validateInProcess runs the validate command: pass ["validate", …]');
    code = await validateCommand(args.slice(1), io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.push(`chatplatform-contract: ${error.message}\n`);
    code = 2;
  } finally {
    process.chdir(cwd);
  }
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** Runs `chatplatform-contract <args>` in this process, as the CLI does, on buffers. */
export async function runInProcess(args: string[]): Promise<CliResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CommandIo = {
    stdout: { write: (text: string) => stdout.push(text) },
    stderr: { write: (text: string) => stderr.push(text), isTTY: false },
    stdin: Readable.from([]),
  };
  const code = await runCommand(args, io);
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** A one-operation spec for in-process tests: GET /items (list-items) answers 200 with `schema` as JSON. */
export function itemsSpec(title: string, schema: object): OpenApiDocument {
  const content = { 'application/json': { schema } };
  return {
    openapi: '3.1.0',
    info: { title, version: '1.0.0' },
    paths: {
      '/items': { get: { operationId: 'list-items', responses: { '200': { description: 'items', content } } } },
    },
  };
}

/** A small deterministic generator (mulberry32) of numbers in [0, 1), so that a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The auth token the fake upstream's `/auth_tokens` answers: no HAR may keep it. */
export const UPSTREAM_TOKEN = 'u1_TOKEN-DO-NOT-WRITE';

/**
 * The tests' own upstream on a free loopback port, its base path `/v3`: a conforming Get Call (the
 * spec's example); `/broken` answers `data` as an object (what the platform's later versions did);
 * `/missing` an undocumented 404; `/auth_tokens` a token; `/hang` never answers; `/reset` drops the
 * connection. `seen` lists the paths it was asked for.
 */
export async function startUpstream(): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
  const conforming = spec.components.examples.CallInitiated.value;
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url?.endsWith('/hang')) return;
    if (req.url?.endsWith('/reset')) return void req.socket.destroy();
    res.setHeader('content-type', 'application/json');
    if (req.url?.endsWith('/auth_tokens'))
      return void res.end(JSON.stringify({ data: { uid: 'u1', authToken: UPSTREAM_TOKEN } }));
    if (req.url?.endsWith('/missing')) res.statusCode = 404;
    res.end(JSON.stringify(req.url?.endsWith('/broken') ? { data: conforming.data[0] } : conforming));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`, seen, close };
}
