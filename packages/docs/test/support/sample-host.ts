// One interpreter per language runs all of that language's samples (test/support/sample-hosts/): Python,
// Ruby and PHP would otherwise start a process per sample, each loading the whole generated client again,
// which grows with the number of operations times the client's size. Requests go one at a time; a
// sample that does not answer in time ends the interpreter (the next request starts a fresh one).
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { SampleRun } from './sample-runners.js';

const SAMPLE_TIMEOUT_MS = 20_000;

/** The host script of a language, in test/support/sample-hosts/. */
export const hostScript = (name: string) => fileURLToPath(new URL(`./sample-hosts/${name}`, import.meta.url));

interface Pending {
  resolve(run: SampleRun): void;
  reject(error: Error): void;
}

export class SampleHost {
  #child: ChildProcess | undefined;
  #pending: Pending[] = [];
  #queue: Promise<unknown> = Promise.resolve();

  /** `command args…` is the interpreter with its host script; it starts at the first request. */
  constructor(
    private readonly command: string,
    private readonly args: string[],
  ) {}

  /** Runs a sample file with only PATH, HOME and the credentials in its environment. */
  run(file: string, credentials: Record<string, string>): Promise<SampleRun> {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...credentials };
    return this.#request({ file, env });
  }

  /** Sends any request the host script knows (Ruby's and PHP's {check: file}). */
  request(message: object): Promise<SampleRun> {
    return this.#request(message);
  }

  close(): void {
    this.#child?.kill();
    this.#child = undefined;
  }

  #request(message: object): Promise<SampleRun> {
    const next = this.#queue.then(() => this.#send(message));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #send(message: object): Promise<SampleRun> {
    const child = this.#start();
    return new Promise<SampleRun>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.close();
        reject(new Error(`${this.command} gave no answer in ${SAMPLE_TIMEOUT_MS} ms to ${JSON.stringify(message)}`));
      }, SAMPLE_TIMEOUT_MS);
      const done =
        <T>(settle: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          settle(value);
        };
      this.#pending.push({ resolve: done(resolve), reject: done(reject) });
      (child.stdin as Writable).write(`${JSON.stringify(message)}\n`);
    });
  }

  #start(): ChildProcess {
    if (this.#child) return this.#child;
    // fd 3 carries the answers, so that nothing a sample prints can be taken for one.
    const child = spawn(this.command, this.args, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      this.#pending.shift()?.resolve(JSON.parse(line) as SampleRun);
    });
    const fail = (why: string) => {
      if (this.#child === child) this.#child = undefined;
      for (const pending of this.#pending.splice(0)) pending.reject(new Error(`${this.command} ${why}\n${stderr}`));
    };
    child.on('error', (error) =>
      fail((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is not installed' : error.message),
    );
    child.on('exit', (code, signal) => fail(`ended (${signal ?? code}) with a sample unanswered`));
    child.unref();
    for (const stream of [child.stdin, child.stderr, child.stdio[3]])
      (stream as unknown as { unref?(): void })?.unref?.();
    this.#child = child;
    return child;
  }
}
