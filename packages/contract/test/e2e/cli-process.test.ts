// The built CLI as a process: what only a process shows (stdin, a pipe closed early, a signal).
// Every other check calls the commands in-process (test/unit).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, packageDir, runCli, startUpstream, traffic } from '../support/helpers.js';

describe('validate', () => {
  it('reads NDJSON from stdin with -', async () => {
    const input = readFileSync(join(packageDir, traffic('conforming.ndjson')));
    const { code, stdout } = runCli(['validate', '-'], { input });
    expect(code).toBe(0);
    expect(stdout).toContain('6 exchanges from stdin');
  });
});

describe('validate: a reader that stops early (`validate … | head`)', () => {
  it('ends without a stack trace, its exit code still the verdict', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-epipe-'));
    const file = join(dir, 'many.ndjson');
    // Far more report than a pipe holds, so the CLI writes into the closed pipe.
    writeFileSync(file, readFileSync(join(packageDir, traffic('missing-apikey.ndjson')), 'utf8').repeat(2000));
    try {
      const child = spawn(process.execPath, [cliPath, 'validate', file], { cwd: packageDir });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.stdout.once('data', () => child.stdout.destroy());
      const [code] = await once(child, 'close');
      expect(stderr).not.toMatch(/EPIPE|Error:/);
      expect(code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const KEY = 'proxy-test-apikey-DO-NOT-PRINT';
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = await startUpstream();
  upstreamUrl = upstream.url;
});

afterAll(() => upstream.close());

const getCall = (url: string, id: string) =>
  fetch(`${url}/calls/${id}`, { headers: { apikey: KEY } }).then((r) => r.text());

describe('proxy', () => {
  /** Starts the CLI's proxy, waits for its URL, runs `traffic`, stops it with SIGTERM. */
  async function proxyRun(args: string[], traffic: (url: string) => Promise<void>) {
    const child = spawn(process.execPath, [cliPath, 'proxy', ...args], { cwd: packageDir });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const exited = once(child, 'exit');
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const found = /Validating proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (found?.[1]) resolve(found[1]);
      });
      exited.then(() => reject(new Error(`proxy exited before listening: ${stderr}`)));
    });
    await traffic(url);
    child.kill('SIGTERM');
    const [code] = await exited;
    return { code, stdout, stderr };
  }

  it('streams failures to stderr, summarises on SIGTERM and exits 1, printing no credential', async () => {
    const withCredentials = `${upstreamUrl.replace('http://', `http://user:${KEY}@`)}?apikey=${KEY}`;
    const run = await proxyRun(['--upstream', withCredentials], async (url) => {
      await getCall(url, 'sess-1');
      await getCall(url, 'broken');
    });
    expect(run.stdout).toContain(`→ ${upstreamUrl} (Ctrl-C`);
    expect(run.stdout).toContain(
      '2 exchanges, 1 conforming, 1 with violations, 0 failed (upstream, or refused by the proxy).',
    );
    expect(run.stderr).toContain('/response/body/data');
    expect(run.stdout + run.stderr).not.toContain(KEY);
    expect(run.code).toBe(1);
  });
});
