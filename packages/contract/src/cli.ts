#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { BaselineError, checkBreaking, formatBreakingText, LAST_RELEASE } from './breaking.js';
import { ExchangeValidator } from './exchange-validator.js';
import { ToolMissingError } from './oasdiff.js';
import type { InputFormat } from './read-exchanges.js';
import { formatJson } from './reports/json.js';
import { formatJunit } from './reports/junit.js';
import { formatExchangeText, formatSummaryText } from './reports/text.js';
import { exitCodeOf, validateRecording } from './validate-recording.js';
import { formatFailure, formatProxySummary, proxyExitCode, startValidatingProxy } from './validating-proxy.js';

const USAGE = `Usage: chatplatform-contract <command> [options]

Commands:
  validate <file|->   Check recorded traffic (NDJSON or HAR 1.2) against the spec.
      --format text|json|junit   report format (default text)
      --input ndjson|har         input format (default: from the extension, else sniffed)
      --max-reports N            violating exchanges listed in full (default 1000; counts stay exact)
      --spec FILE                OpenAPI document (default: the bundled spec)
    Exit 0: all conform; 1: a violation; 2: the input cannot be read.

  proxy --upstream URL [--port N] [--spec FILE] [--upstream-timeout MS] [--max-reports N] [--har FILE]
    A validating proxy on 127.0.0.1 in front of URL (with its base path, e.g. .../v3): each
    exchange is checked as validate checks it; upstream failures answer 502 (504 after
    --upstream-timeout, default 30000 ms) and count as failed. --har writes the traffic as HAR 1.2,
    credentials redacted. Stop with Ctrl-C (SIGINT) or SIGTERM: prints a summary.
    Exit 0: all validated exchanges conform; 1: a violation or an upstream failure; 2: nothing
    was validated, or bad options.

  breaking --base <git ref|file|${LAST_RELEASE}> [--revision FILE] [--format text|json]
    oasdiff's breaking changes from the baseline to the bundled spec. A breaking change inside
    the same major version exits 1; a new major version (info.version, /vN server) passes.
    ${LAST_RELEASE}: the newest spec-v* tag, else the repository's first commit.
    Exit 2: oasdiff missing or the baseline cannot be found or bundled.
`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'validate') return validateCommand(rest);
  if (command === 'proxy') return proxyCommand(rest);
  if (command === 'breaking') return breakingCommand(rest);
  throw new UsageError(`unknown command "${command}": use validate, proxy or breaking`);
}

async function validateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    format: { type: 'string', default: 'text' },
    input: { type: 'string' },
    'max-reports': { type: 'string', default: '1000' },
    spec: { type: 'string' },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('validate takes one input: a file, or - for stdin');
  const format = oneOf(values.format, ['text', 'json', 'junit'], '--format');
  const input = values.input === undefined ? undefined : (oneOf(values.input, ['ndjson', 'har'], '--input') as InputFormat);
  const maxReports = Number(values['max-reports']);
  if (!Number.isInteger(maxReports) || maxReports < 0) throw new UsageError('--max-reports must be a whole number');
  const validator = new ExchangeValidator(values.spec ? { spec: values.spec } : {});
  const progress = process.stderr.isTTY ? progressLine() : undefined;
  let listed = 0;
  const summary = await validateRecording(file, {
    validator,
    maxReports,
    ...(input ? { format: input } : {}),
    // Text streams each violating exchange as soon as it is found; JSON and JUnit need the whole.
    ...(format === 'text'
      ? {
          onViolation: (report) => {
            if (listed++ >= maxReports) return;
            progress?.clear();
            process.stdout.write(`${formatExchangeText(report)}\n\n`);
          },
        }
      : {}),
    ...(progress ? { onProgress: progress.update } : {}),
  });
  progress?.clear();
  if (format === 'json') process.stdout.write(formatJson(summary));
  else if (format === 'junit') process.stdout.write(formatJunit(summary));
  else process.stdout.write(`${formatSummaryText(summary)}\n`);
  if (summary.inputError) process.stderr.write(`chatplatform-contract: ${summary.inputError.message}\n`);
  return exitCodeOf(summary);
}

async function proxyCommand(args: string[]): Promise<number> {
  const { values } = parse(args, {
    upstream: { type: 'string' },
    port: { type: 'string', default: '0' },
    spec: { type: 'string' },
    'upstream-timeout': { type: 'string', default: '30000' },
    'max-reports': { type: 'string', default: '1000' },
    har: { type: 'string' },
  });
  if (!values.upstream) throw new UsageError('proxy needs --upstream URL (the API to validate, with its base path, e.g. .../v3)');
  const port = wholeNumber(values.port, '--port', 65535);
  const proxy = await startValidatingProxy({
    upstream: values.upstream,
    port,
    upstreamTimeoutMs: wholeNumber(values['upstream-timeout'], '--upstream-timeout (milliseconds)', 86_400_000, 1),
    maxReports: wholeNumber(values['max-reports'], '--max-reports'),
    ...(values.spec ? { spec: values.spec } : {}),
    ...(values.har ? { har: values.har } : {}),
    onExchange: (report) => {
      for (const v of report.violations) process.stderr.write(`✗ ${report.method} ${report.path} → ${report.status}: ${v.kind} ${v.pointer}: expected ${v.expected}, found ${v.found}\n`);
    },
    onFailure: (failure) => process.stderr.write(`${formatFailure(failure)}\n`),
  });
  process.stdout.write(`Validating proxy on ${proxy.url} → ${withoutCredentials(values.upstream)} (Ctrl-C to stop and summarise)\n`);
  return new Promise<number>((resolve) => {
    const stop = async () => {
      const summary = await proxy.stop();
      process.stdout.write(formatProxySummary(summary));
      resolve(proxyExitCode(summary));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

function wholeNumber(value: string | undefined, flag: string, max = Number.MAX_SAFE_INTEGER, min = 0): number {
  const number = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${value}")`);
  return number;
}

async function breakingCommand(args: string[]): Promise<number> {
  const { values } = parse(args, { base: { type: 'string' }, revision: { type: 'string' }, format: { type: 'string', default: 'text' } });
  if (!values.base) throw new UsageError(`breaking needs --base <git ref | file | ${LAST_RELEASE}>`);
  const format = oneOf(values.format, ['text', 'json'], '--format');
  try {
    const result = checkBreaking({ base: values.base, ...(values.revision ? { revision: values.revision } : {}) });
    process.stdout.write(format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : formatBreakingText(result));
    return result.verdict === 'pass' ? 0 : 1;
  } catch (error) {
    if (error instanceof ToolMissingError || error instanceof BaselineError) {
      process.stderr.write(`chatplatform-contract breaking: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

/** The upstream as printed: user info and query string may carry credentials, so they are left out. */
function withoutCredentials(value: string): string {
  const url = new URL(value);
  url.username = '';
  url.password = '';
  url.search = '';
  return url.toString().replace(/\/$/, '');
}

type Options = Record<string, { type: 'string' | 'boolean'; default?: string }>;

function parse(args: string[], options: Options) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true }) as {
      values: Record<string, string | undefined>;
      positionals: string[];
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function oneOf(value: string | undefined, allowed: string[], flag: string): string {
  if (value === undefined || !allowed.includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value;
}

/** A single rewritten progress line on a terminal's stderr. */
function progressLine() {
  const started = Date.now();
  let last = started;
  let shown = false;
  return {
    update(count: number) {
      const now = Date.now();
      if (now - last < 250) return;
      last = now;
      shown = true;
      const rate = Math.round(count / Math.max((now - started) / 1000, 0.001));
      process.stderr.write(`\r${count.toLocaleString('en')} exchanges validated (${rate.toLocaleString('en')}/s)…`);
    },
    clear() {
      if (shown) process.stderr.write('\r\u001b[K');
      shown = false;
    },
  };
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`chatplatform-contract: ${message}\n${error instanceof UsageError ? '\n' + USAGE : ''}`);
    process.exitCode = 2;
  },
);
