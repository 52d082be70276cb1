#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startMock } from './index.js';

const usage = 'usage: chatplatform-mock [--port N] [--dynamic] [--seed S] [--errors] [--spec FILE]';

function parse() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        dynamic: { type: 'boolean', short: 'd' },
        seed: { type: 'string' },
        errors: { type: 'boolean' },
        spec: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const values = parse();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
// Whole decimal numbers only: Number('') is 0 (a random port) and Number('1e3') is 1000.
const isWhole = (value: string) => /^\d+$/.test(value);
const port = values.port === undefined ? 4010 : isWhole(values.port) ? Number(values.port) : Number.NaN;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535 (0: a free port), got "${values.port}".\n${usage}`);
  process.exit(2);
}
if (values.seed !== undefined && !isWhole(values.seed)) {
  console.error(`--seed must be a whole number, so that a run can be repeated, got "${values.seed}".\n${usage}`);
  process.exit(2);
}

try {
  const mock = await startMock({
    port,
    dynamic: values.dynamic,
    seed: values.seed,
    errors: values.errors,
    spec: values.spec,
  });
  console.log(`Prism mock of the platform API listening on ${mock.url}`);
  console.log(`Try: curl -H 'apikey: test' ${mock.url}/calls/any-session-id`);
  const stop = () => void mock.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
