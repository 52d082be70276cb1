import { LAST_RELEASE } from '../breaking/versioning.js';
import { UsageError } from '../errors.js';
import { oneOf, parse } from './args.js';
import type { CommandIo } from './io.js';

/** `chatplatform-contract breaking`: 0 pass, 1 fail; a fault of its inputs or of oasdiff throws (exit 2). */
export async function breakingCommand(args: string[], io: CommandIo): Promise<number> {
  const { values } = parse(args, {
    base: { type: 'string' },
    revision: { type: 'string' },
    format: { type: 'string', default: 'text' },
  });
  if (!values.base) throw new UsageError(`breaking needs --base <git ref | file | ${LAST_RELEASE}>`);
  const format = oneOf(values.format, ['text', 'json'], '--format');
  const { checkBreaking } = await import('../breaking/gate.js');
  const { formatBreakingText } = await import('../reports/breaking.js');
  const result = checkBreaking({ base: values.base, ...(values.revision ? { revision: values.revision } : {}) });
  io.stdout.write(format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : formatBreakingText(result));
  return result.verdict === 'pass' ? 0 : 1;
}
