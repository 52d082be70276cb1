import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { prismBin, stopProcess } from '@chatplatform/mock';
import { bundledSpecPath } from './spec-document.js';

/** One violation as Prism reports it in the `sl-violations` response header. */
export interface PrismViolation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}

export interface ProxiedExchange {
  method: string;
  path: string;
  status: number;
  violations: PrismViolation[];
}

export interface ProxySummary {
  exchanges: number;
  /** Exchanges with a violation of severity Error, or to no documented operation. */
  violating: number;
  /** Distinct violations (location + message) with how often each was seen. */
  violations: Array<PrismViolation & { count: number; example: string }>;
}

export interface ValidatingProxyOptions {
  /** The real or staging API, including its base path: `https://APP.call-eu.example/v3`. */
  upstream: string;
  /** Port of the proxy on 127.0.0.1; default 0 (a free port). */
  port?: number;
  /** OpenAPI document Prism validates against; default: the bundled spec. */
  spec?: string;
  /** Called for every exchange once Prism has validated it. */
  onExchange?: (exchange: ProxiedExchange) => void;
}

export interface ValidatingProxy {
  url: string;
  exchanges(): readonly ProxiedExchange[];
  /** Stops the proxy and Prism, and returns the summary of what was seen. */
  stop(): Promise<ProxySummary>;
}

/**
 * Runs Prism's validating proxy (`prism proxy`, the version pinned by @chatplatform/mock) in front
 * of an upstream, behind a thin loopback front that reads Prism's `sl-violations` header on every
 * response so the violations can be summarised when the proxy stops.
 */
export async function startValidatingProxy(options: ValidatingProxyOptions): Promise<ValidatingProxy> {
  const upstream = parseUpstream(options.upstream);
  const prism = await startPrismProxy(options.spec ?? bundledSpecPath('yaml'), upstream);
  const seen: ProxiedExchange[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const front = http.createServer((req, res) => {
    const forward = http.request(
      { host: '127.0.0.1', port: prism.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        const exchange: ProxiedExchange = {
          method: req.method ?? 'GET',
          path: (req.url ?? '/').split('?')[0]!,
          status: answer.statusCode ?? 0,
          violations: parseViolations(answer.headers['sl-violations']),
        };
        seen.push(exchange);
        options.onExchange?.(exchange);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`validating proxy: Prism did not answer (${error.message})\n`);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = front.address() as AddressInfo;
  let stopped: Promise<ProxySummary> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges: () => seen,
    stop() {
      stopped ??= (async () => {
        await new Promise<void>((resolve) => {
          front.close(() => resolve());
          front.closeAllConnections();
        });
        agent.destroy();
        await prism.stop();
        return summarize(seen);
      })();
      return stopped;
    },
  };
}

function parseUpstream(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--upstream must be an absolute http(s) URL with the API's base path, e.g. https://APP_ID.call-us.SERVICE_DOMAIN/v3 (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream must use http or https (got ${url.protocol})`);
  return url.toString().replace(/\/$/, '');
}

function parseViolations(header: string | string[] | undefined): PrismViolation[] {
  if (!header) return [];
  try {
    const parsed = JSON.parse(Array.isArray(header) ? header.join('') : header) as unknown;
    return Array.isArray(parsed) ? (parsed as PrismViolation[]) : [];
  } catch {
    return [{ location: [], severity: 'Error', code: 'unparsable', message: 'Prism sent an sl-violations header that is not JSON' }];
  }
}

/** Errors fail; so does a request to no documented operation, which Prism only warns about. */
function isViolation(violation: PrismViolation): boolean {
  return violation.severity === 'Error' || /route not found/i.test(violation.message);
}

export function summarize(exchanges: readonly ProxiedExchange[]): ProxySummary {
  const grouped = new Map<string, PrismViolation & { count: number; example: string }>();
  let violating = 0;
  for (const exchange of exchanges) {
    if (exchange.violations.some(isViolation)) violating++;
    for (const violation of exchange.violations) {
      const key = `${violation.severity}|${violation.location.join('.')}|${violation.message}`;
      const entry = grouped.get(key);
      if (entry) entry.count++;
      else grouped.set(key, { ...violation, count: 1, example: `${exchange.method} ${exchange.path} → ${exchange.status}` });
    }
  }
  return { exchanges: exchanges.length, violating, violations: [...grouped.values()] };
}

export function formatProxySummary(summary: ProxySummary): string {
  const lines = [
    `Validating proxy stopped: ${summary.exchanges} exchange${summary.exchanges === 1 ? '' : 's'}, ${summary.violating} with violations.`,
  ];
  for (const v of summary.violations) {
    lines.push(`  ${v.count}× ${v.severity} ${v.location.join('.') || '(exchange)'}: ${v.message} (e.g. ${v.example})`);
  }
  return `${lines.join('\n')}\n`;
}

interface PrismProcess {
  port: number;
  stop(): Promise<void>;
}

/** Starts `prism proxy` on a free loopback port and waits until it listens. */
async function startPrismProxy(spec: string, upstream: string): Promise<PrismProcess> {
  const child = spawn(process.execPath, [prismBin(), 'proxy', spec, upstream, '--host', '127.0.0.1', '--port', '0', '--errors', 'false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('Prism did not start listening within 60 s')), 60_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      if (output.length > 50) output.shift();
      const found = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(new Error(`${error.message}. Prism said:\n${output.join('').slice(-2000)}`));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`Prism exited (code ${code}) before listening`)));
  });
  child.removeAllListeners('exit');
  return { port, stop: () => stopProcess(child, 5_000) };
}
