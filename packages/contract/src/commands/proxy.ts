import { UsageError } from '../errors.js';
import { parse, wholeNumber } from './args.js';
import type { CommandIo } from './io.js';

/** `chatplatform-contract proxy`: runs until SIGINT or SIGTERM, then answers the exit code. */
export async function proxyCommand(args: string[], io: CommandIo): Promise<number> {
  const { values } = parse(args, {
    upstream: { type: 'string' },
    port: { type: 'string', default: '0' },
    spec: { type: 'string' },
    'upstream-timeout': { type: 'string', default: '30000' },
    'max-reports': { type: 'string', default: '100' },
    'max-body-bytes': { type: 'string', default: String(10 * 1024 * 1024) },
    har: { type: 'string' },
  });
  if (!values.upstream)
    throw new UsageError('proxy needs --upstream URL (the API to validate, with its base path, e.g. .../v3)');
  const { formatProxyOutcome, formatProxySummary } = await import('../reports/proxy.js');
  const { proxyExitCode, startValidatingProxy } = await import('../proxy/validating-proxy.js');
  const proxy = await startValidatingProxy({
    upstream: values.upstream,
    port: wholeNumber(values.port, '--port', { max: 65535 }),
    upstreamTimeoutMs: wholeNumber(values['upstream-timeout'], '--upstream-timeout', { min: 1 }),
    maxReports: wholeNumber(values['max-reports'], '--max-reports'),
    maxBodyBytes: wholeNumber(values['max-body-bytes'], '--max-body-bytes', { min: 1 }),
    ...(values.spec ? { spec: values.spec } : {}),
    ...(values.har ? { har: values.har } : {}),
    onExchange: (outcome) => {
      const bad = outcome.kind === 'failed' || outcome.report.violations.length > 0;
      if (bad) io.stderr.write(`${formatProxyOutcome(outcome)}\n`);
    },
  });
  io.stdout.write(
    `Validating proxy on ${proxy.url} → ${withoutCredentials(values.upstream)} (Ctrl-C to stop and summarise)\n`,
  );
  return new Promise<number>((resolve) => {
    const stop = async () => {
      const summary = await proxy.stop();
      io.stdout.write(formatProxySummary(summary));
      resolve(proxyExitCode(summary));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The upstream as printed: user info and query string may carry credentials, so they are left out. */
function withoutCredentials(value: string): string {
  const url = new URL(value);
  url.username = '';
  url.password = '';
  url.search = '';
  return url.toString().replace(/\/$/, '');
}
