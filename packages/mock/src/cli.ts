#!/usr/bin/env node
import { parseArgs } from 'node:util';

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

function parsePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    fail(`--port must be an integer from 0 to 65535 (0: a free one), got "${value}".`);
  }
  return Number(value);
}

function parseSeed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) fail(`--seed must be an integer, got "${value}".`);
  return Number(value);
}

const values = parse();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = parsePort(values.port);
const seed = parseSeed(values.seed);

// Prism's modules load only once the arguments are known good, so that a refusal is immediate.
const { MockStartError, startMock } = await import('./index.js');
try {
  const mock = await startMock({ port, dynamic: values.dynamic, seed, errors: values.errors, spec: values.spec });
  console.log(`Mock of the platform API listening on ${mock.url} (production paths: only the origin differs)`);
  console.log(`Try: curl -H 'apikey: test' ${mock.url}/v3/calls/any-session-id`);
  const stop = () => void mock.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof MockStartError ? error.message : String(error));
  process.exit(1);
}
