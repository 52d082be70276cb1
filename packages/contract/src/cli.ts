#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { BaselineError, checkBreaking, formatBreakingText, LAST_RELEASE } from './breaking.js';
import { ToolMissingError } from './oasdiff.js';
import { oneOf, parse, UsageError } from './cli-args.js';
import { processIo, validateCommand } from './validate-command.js';
import { formatProxySummary, startValidatingProxy } from './validating-proxy.js';

const USAGE = `Usage: chatplatform-contract <command> [options]

Commands:
  validate <file|->   Check recorded traffic (NDJSON or HAR 1.2) against the spec.
      --format text|json|junit|sarif   report format (default text)
      --coverage                 also report what the traffic exercised (text: after the summary; json: "coverage")
      --input ndjson|har         input format (default: from the extension, else sniffed)
      --max-reports N            violating exchanges listed in full (default 1000; counts stay exact)
      --spec FILE                OpenAPI document (default: the bundled spec)
    Exit 0: all conform; 1: a violation; 2: the input cannot be read or checked to its end, or holds no exchange.

  proxy --upstream URL [--port N] [--spec FILE]
    Prism's validating proxy in front of URL (with its base path, e.g. .../v3) on 127.0.0.1.
    Stop it with Ctrl-C (SIGINT) or SIGTERM: prints a summary, exits 1 if there were violations.

  breaking --base <git ref|file|${LAST_RELEASE}> [--revision FILE] [--format text|json]
    oasdiff's breaking changes from the baseline to the bundled spec. A breaking change inside
    the same major version exits 1; a new major version (info.version, /vN server) passes.
    ${LAST_RELEASE}: the newest spec-v* tag, else the repository's first commit.
    Exit 2: oasdiff missing or the baseline cannot be found or bundled.
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'validate') return validateCommand(rest, processIo);
  if (command === 'proxy') return proxyCommand(rest);
  if (command === 'breaking') return breakingCommand(rest);
  throw new UsageError(`unknown command "${command}": use validate, proxy or breaking`);
}

async function proxyCommand(args: string[]): Promise<number> {
  const { values } = parse(args, { upstream: { type: 'string' }, port: { type: 'string', default: '0' }, spec: { type: 'string' } });
  if (!values.upstream) throw new UsageError('proxy needs --upstream URL (the API to validate, with its base path, e.g. .../v3)');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be a port number (0 picks a free one)');
  const proxy = await startValidatingProxy({
    upstream: values.upstream,
    port,
    ...(values.spec ? { spec: values.spec } : {}),
    onExchange: (exchange) => {
      for (const v of exchange.violations) {
        process.stderr.write(`✗ ${exchange.method} ${exchange.path} → ${exchange.status}: ${v.location.join('.')} ${v.message}\n`);
      }
    },
  });
  process.stdout.write(`Validating proxy on ${proxy.url} → ${withoutCredentials(values.upstream)} (Ctrl-C to stop and summarise)\n`);
  return new Promise<number>((resolve) => {
    const stop = async () => {
      const summary = await proxy.stop();
      process.stdout.write(formatProxySummary(summary));
      resolve(summary.violating > 0 ? 1 : 0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
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
