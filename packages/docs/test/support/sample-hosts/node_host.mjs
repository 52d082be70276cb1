// Runs many TypeScript samples (transpiled to JavaScript modules) in one Node process, so that Node
// starts and loads the client once, not once per sample. One JSON request a line on stdin ({"file",
// "env"}), one JSON answer a line on file descriptor 3 ({"status", "stdout", "stderr"}), which
// nothing a sample prints can garble. The sample is imported afresh (a query of its own, so a second
// run evaluates it again) with exactly that environment and a console of its own; a rejection gives
// status 1 and the error. A sample that calls process.exit ends this process: its output is written
// on the way out, without a status, which is the process's exit code (test/support/sample-host.ts).
// Only what a sample writes through `console` before its module settles is its output (the samples
// print with console.log at the top level); process.exitCode is not read.
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

const CHANNEL = 3;
const hostConsole = globalThis.console;
let runs = 0;
/** @typedef {{ stream: Writable, text(): string }} Collector */
/** @typedef {{ stdout: Collector, stderr: Collector }} Output */
/** The output of the sample running now, if any. @type {Output | undefined} */
let current;

/** @returns {Collector} */
const collector = () => {
  /** @type {Buffer[]} */
  const chunks = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
};

/** @param {number | null} status @param {Output} output */
const answer = (status, output) =>
  writeSync(CHANNEL, `${JSON.stringify({ status, stdout: output.stdout.text(), stderr: output.stderr.text() })}\n`);

process.on('exit', () => {
  if (current) answer(null, current);
});

/** @param {string} file @param {Record<string, string>} env */
async function run(file, env) {
  for (const name of Object.keys(process.env)) delete process.env[name];
  Object.assign(process.env, env);
  const output = { stdout: collector(), stderr: collector() };
  current = output;
  globalThis.console = new console.Console({ stdout: output.stdout.stream, stderr: output.stderr.stream });
  let status = 0;
  try {
    await import(`${pathToFileURL(file).href}?run=${++runs}`);
  } catch (error) {
    console.error(`Uncaught ${inspect(error)}`);
    status = 1;
  } finally {
    globalThis.console = hostConsole;
    current = undefined;
  }
  answer(status, output);
}

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  await run(request.file, request.env);
}
