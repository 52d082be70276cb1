import { CoverageCollector } from '../check/coverage.js';
import { ExchangeValidator } from '../check/exchange-validator.js';
import { exitCodeOf, validateRecording } from '../check/validate-recording.js';
import { UsageError } from '../errors.js';
import type { InputFormat } from '../read/read-exchanges.js';
import { formatCoverageText } from '../reports/coverage.js';
import { formatJson } from '../reports/json.js';
import { formatJunit } from '../reports/junit.js';
import { formatSarif } from '../reports/sarif.js';
import { formatExchangeText, formatSummaryText } from '../reports/text.js';
import { list, oneOf, parse, wholeNumber } from './args.js';
import type { CommandIo } from './io.js';

/** `chatplatform-contract validate`: returns the exit code; a bad command line throws {@link UsageError}. */
export async function validateCommand(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parse(args, {
    format: { type: 'string', default: 'text' },
    input: { type: 'string' },
    'max-reports': { type: 'string', default: '1000' },
    spec: { type: 'string' },
    coverage: { type: 'boolean' },
    server: { type: 'string', multiple: true },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('validate takes one input: a file, or - for stdin');
  const format = oneOf(values.format, ['text', 'json', 'junit', 'sarif'], '--format');
  const input =
    values.input === undefined ? undefined : (oneOf(values.input, ['ndjson', 'har'], '--input') as InputFormat);
  const maxReports = wholeNumber(values['max-reports'], '--max-reports');
  const servers = list(values.server);
  for (const server of servers) if (!/^https?:\/\/[^/?#]/i.test(server)) throw new UsageError(serverUsage(server));
  const validator = new ExchangeValidator(values.spec ? { spec: values.spec } : {});
  const progress = io.stderr.isTTY ? progressLine(io.stderr) : undefined;
  const summary = await validateRecording(file === '-' ? io.stdin : file, {
    validator,
    maxReports,
    servers,
    ...(file === '-' ? { name: 'stdin' } : {}),
    ...(input ? { format: input } : {}),
    ...(values.coverage !== undefined ? { coverage: new CoverageCollector(validator.doc) } : {}),
    // Text streams each listed violating exchange as soon as it is found; the other formats need the whole.
    ...(format === 'text'
      ? {
          onViolation: (report) => {
            progress?.clear();
            io.stdout.write(`${formatExchangeText(report)}\n\n`);
          },
        }
      : {}),
    ...(progress ? { onProgress: progress.update } : {}),
  });
  progress?.clear();
  if (format === 'json') io.stdout.write(formatJson(summary));
  else if (format === 'junit') io.stdout.write(formatJunit(summary));
  else if (format === 'sarif') io.stdout.write(formatSarif(summary));
  else
    io.stdout.write(`${formatSummaryText(summary)}\n${summary.coverage ? formatCoverageText(summary.coverage) : ''}`);
  if (summary.inputError) io.stderr.write(`chatplatform-contract: ${summary.inputError.message}\n`);
  return exitCodeOf(summary);
}

function serverUsage(value: string): string {
  return `--server must be an absolute http(s) URL of the API, with its base path (e.g. https://APP_ID.call-us.SERVICE_DOMAIN/v3); got "${value}"`;
}

/** A single rewritten progress line on a terminal's stderr. */
function progressLine(stderr: CommandIo['stderr']) {
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
      stderr.write(`\r${count.toLocaleString('en')} exchanges validated (${rate.toLocaleString('en')}/s)…`);
    },
    clear() {
      if (shown) stderr.write('\r\u001b[K');
      shown = false;
    },
  };
}
