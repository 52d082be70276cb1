// One process per language runs all of that language's samples (test/support/sample-hosts/):
// TypeScript, Python, Ruby, PHP, Java and Kotlin would otherwise start a process (a JVM) per sample,
// each loading the whole generated client again, which grows with the number of operations times
// the client's size. Requests go one at a time; a sample that does not answer in time, or that ends
// the process, ends it (the next request starts a fresh one).
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

/** A running host process and the one request it is answering. */
interface Host {
  process: ChildProcess;
  pending?: Pending;
  stderr: string;
}

type Answer = SampleRun | (Omit<SampleRun, 'status'> & { status: null });

/** A request to a host script: a sample to run with its environment, or a file to check. */
interface HostRequest {
  file?: string;
  env?: Record<string, string>;
  check?: string;
}

/** What a request asks for, without the environment it carries (a sample's credentials). */
const requested = (message: HostRequest) => message.file ?? JSON.stringify(message);

export class SampleHost {
  #host: Host | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /** `command args…` is the interpreter with its host script; it starts at the first request. */
  constructor(
    private readonly command: string,
    private readonly args: string[],
  ) {}

  /** Runs a sample (its file; the JVM's: its main class) with only PATH, HOME and the credentials in its environment. */
  run(file: string, credentials: Record<string, string>): Promise<SampleRun> {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...credentials };
    return this.#request({ file, env });
  }

  /** Sends any request the host script knows (Ruby's and PHP's {check: file}). */
  request(message: HostRequest): Promise<SampleRun> {
    return this.#request(message);
  }

  /** Ends the host; a sample it is running fails (its output, written on the way out, is not its answer). */
  close(): void {
    this.#host?.pending?.reject(new Error(`${this.command} was closed while a sample ran`));
    this.#host?.process.kill();
    this.#host = undefined;
  }

  #request(message: HostRequest): Promise<SampleRun> {
    const next = this.#queue.then(() => this.#send(message));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #send(message: HostRequest): Promise<SampleRun> {
    const host = this.#start();
    return new Promise<SampleRun>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.close();
        reject(new Error(`${this.command} gave no answer in ${SAMPLE_TIMEOUT_MS} ms to ${requested(message)}`));
      }, SAMPLE_TIMEOUT_MS);
      const done =
        <T>(settle: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          host.pending = undefined;
          settle(value);
        };
      host.pending = { resolve: done(resolve), reject: done(reject) };
      (host.process.stdin as Writable).write(`${JSON.stringify(message)}\n`);
    });
  }

  #start(): Host {
    if (this.#host) return this.#host;
    // fd 3 carries the answers, so that nothing a sample prints can be taken for one.
    const child = spawn(this.command, this.args, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
    });
    const host: Host = { process: child, stderr: '' };
    child.stdin?.on('error', () => undefined); // a host that has ended: 'close' below answers for it
    child.stderr?.on('data', (chunk) => {
      host.stderr += chunk;
    });
    // A sample that ended the host's process (System.exit, process.exit) is answered without a
    // status: its status is the process's exit code, as when it runs on its own.
    let exited: Omit<SampleRun, 'status'> | undefined;
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      const answer = JSON.parse(line) as Answer;
      if (answer.status === null) exited = answer;
      else host.pending?.resolve(answer);
    });
    const fail = (why: string) => {
      if (this.#host === host) this.#host = undefined;
      host.pending?.reject(new Error(`${this.command} ${why}\n${host.stderr}`));
    };
    child.on('error', (error) =>
      fail((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is not installed' : error.message),
    );
    // 'close', not 'exit': by then every answer the process wrote has been read.
    child.on('close', (code, signal) => {
      if (exited && code !== null) host.pending?.resolve({ ...exited, status: code });
      fail(`ended (${signal ?? code}) with a sample unanswered`);
    });
    child.unref();
    for (const stream of [child.stdin, child.stderr, child.stdio[3]])
      (stream as unknown as { unref?(): void })?.unref?.();
    this.#host = host;
    return host;
  }
}
