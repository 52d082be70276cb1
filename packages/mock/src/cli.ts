#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { checkedPort, checkedSeed, MockOptionError } from './options.js';

const usage = 'usage: chatplatform-mock [--port N] [--dynamic] [--seed INTEGER] [--errors] [--spec FILE]';
const DEFAULT_PORT = 4010;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

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
    return fail((error as Error).message);
  }
}

const values = parse();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const options = { port: values.port ?? DEFAULT_PORT, seed: values.seed };
try {
  // startMock() checks them too, with these very functions: checked here first, a refusal comes
  // before Prism's modules load.
  checkedPort(options.port);
  checkedSeed(options.seed);
} catch (error) {
  if (error instanceof MockOptionError) fail(error.message);
  throw error;
}

const { MockStartError, startMock } = await import('./index.js');
try {
  const mock = await startMock({ ...options, dynamic: values.dynamic, errors: values.errors, spec: values.spec });
  console.log(`Mock of the platform API listening on ${mock.url} (production paths: only the origin differs)`);
  console.log(`Try: curl -H 'apikey: test' ${mock.url}/v3/calls/any-session-id`);
  const stop = () => void mock.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof MockStartError ? error.message : String(error));
  process.exit(1);
}
