// The sample runner starts one process per language for all its samples (TypeScript, Python, Ruby,
// PHP, and one JVM for Java and Kotlin): each sample prints the id of the process it runs in, and every sample of
// a language must print the same one. Each still runs as a reader would run it on its own: its own
// environment, its own variables (on the JVM its own static state), its output, its exit status.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { artifactPath } from '../support/docs.js';
import { hostScript, SampleHost } from '../support/sample-host.js';
import { runSample, runTypeScriptSample } from '../support/sample-runners.js';
import { type CompiledSamples, compilePython, sdkRunners } from '../support/sdk-sample-runners.js';

const SAMPLES = 4;
/** A Java sample: a public class of that name whose main is `body`. */
const java = (name: string, body: string, members = '') =>
  `public class ${name} {\n${members}  public static void main(String[] args) {\n    ${body}\n  }\n}`;

interface Language {
  compile(samples: Record<string, string>): Promise<CompiledSamples>;
  /**
   * Prints its process id and its CHATPLATFORM_API_KEY ("none" without one); `i` tells the samples
   * apart where a language needs them named.
   */
  probe(i: number): string;
  /** Prints the names of its environment's variables, sorted, on one line. */
  env: string;
  /** Prints "unset" unless a variable `state` is set, then sets it (on the JVM a static field). */
  state: string;
  /** Prints "partial", then exits with status 3. */
  exit: string;
  /** Fails with "sample failed", which `raisedStatus` is the status of when run on its own. */
  raises: string;
  raisedStatus: number;
  /** A syntax error, which the language's host reports when the samples are compiled. */
  syntaxError?: string;
}

/** A TypeScript sample that imports the client, as the runner requires, then runs `body`. */
const typeScript = (body: string) =>
  `import { createClient } from '@chatplatform/client';\nvoid createClient;\n${body}`;

const languages: Record<string, Language> = {
  TypeScript: {
    compile: async (samples) => ({
      run: (id, credentials) => runTypeScriptSample(id, samples[id]!, 'http://127.0.0.1:9', credentials),
      close: () => undefined,
    }),
    probe: () => typeScript("console.log(process.pid, process.env.CHATPLATFORM_API_KEY ?? 'none');"),
    // SAMPLE_BASE_URL: the runner's own, the client's base URL.
    env: typeScript(
      "console.log(Object.keys(process.env).filter((name) => name !== 'SAMPLE_BASE_URL').sort().join(' '));",
    ),
    state: typeScript("let state: number | undefined;\nconsole.log(state ?? 'unset');\nstate = 1;"),
    exit: typeScript("console.log('partial');\nprocess.exit(3);"),
    raises: typeScript("throw new Error('sample failed');"),
    raisedStatus: 1,
  },
  Python: {
    compile: compilePython,
    probe: () => 'import os\nprint(os.getpid(), os.environ.get("CHATPLATFORM_API_KEY", "none"))',
    env: 'import os\nprint(" ".join(sorted(os.environ)))',
    state: 'print(globals().get("state", "unset"))\nstate = 1',
    exit: 'import sys\nprint("partial")\nsys.exit(3)',
    raises: 'raise RuntimeError("sample failed")',
    raisedStatus: 1,
  },
  Ruby: {
    compile: sdkRunners.Ruby!,
    probe: () => 'puts "#{Process.pid} #{ENV.fetch("CHATPLATFORM_API_KEY", "none")}"',
    env: 'puts ENV.keys.sort.join(" ")',
    state: 'puts defined?(state) ? state : "unset"\nstate = 1',
    exit: 'puts "partial"\nexit 3',
    raises: 'raise "sample failed"',
    raisedStatus: 1,
    syntaxError: 'def broken(\n',
  },
  PHP: {
    compile: sdkRunners.PHP!,
    // An anonymous class, as the samples of an operation with a server of its own declare one: the
    // same file runs again in the same interpreter.
    probe: () =>
      [
        '<?php',
        '$sample = new class () extends ArrayObject {};',
        'echo getmypid(), " ", getenv("CHATPLATFORM_API_KEY") ?: "none", "\\n";',
      ].join('\n'),
    env: '<?php\n$names = array_keys(getenv());\nsort($names);\necho implode(" ", $names), "\\n";',
    state: '<?php\necho $state ?? "unset", "\\n";\n$state = 1;',
    exit: '<?php\necho "partial\\n";\nexit(3);',
    raises: '<?php\nthrow new RuntimeException("sample failed");',
    raisedStatus: 255,
    syntaxError: '<?php\nfunction broken( {\n',
  },
  // Java stands for Kotlin too: one JVM host (test/support/sample-hosts/JvmSampleHost.java) runs both.
  Java: {
    compile: sdkRunners.Java!,
    probe: (i) =>
      java(
        `Probe${i}`,
        'String key = System.getenv("CHATPLATFORM_API_KEY");\n' +
          '    System.out.println(ProcessHandle.current().pid() + " " + (key == null ? "none" : key));',
      ),
    env: java('Env', 'System.out.println(String.join(" ", new java.util.TreeSet<>(System.getenv().keySet())));'),
    // Kotlin's generated ApiClient keeps its keys in a static map: in one JVM, a key one sample set
    // would otherwise be sent by the next.
    state: java(
      'State',
      'System.out.println(state == null ? "unset" : state);\n    state = "set";',
      '  static String state;\n\n',
    ),
    exit: java('Exit', 'System.out.println("partial");\n    System.exit(3);'),
    raises: java('Raises', 'throw new IllegalStateException("sample failed");'),
    raisedStatus: 1,
  },
};

const opened: { close(): void }[] = [];
afterAll(() => {
  for (const compiled of opened) compiled.close();
});

describe.each(Object.entries(languages))('%s samples', (_, language) => {
  const compile = async () => {
    const { env, state, exit, raises } = language;
    const samples: Record<string, string> = { env, state, exit, raises };
    for (let i = 0; i < SAMPLES; i++) samples[`probe-${i}`] = language.probe(i);
    const compiled = await language.compile(samples);
    opened.push(compiled);
    return compiled;
  };
  /** The probe's process id and key, the run having succeeded. */
  const probe = async (compiled: CompiledSamples, id: string, credentials: Record<string, string>) => {
    const result = await compiled.run(id, credentials);
    expect(result.status, result.stderr).toBe(0);
    const [pid, key] = result.stdout.trim().split(' ');
    return { pid: Number(pid), key };
  };

  it(`all run in one process (${SAMPLES} samples, one process id)`, async () => {
    const compiled = await compile();
    const pids = new Set<number>();
    for (let i = 0; i < SAMPLES; i++) pids.add((await probe(compiled, `probe-${i}`, {})).pid);
    expect([...pids]).toHaveLength(1);
    expect([...pids][0]).not.toBe(process.pid);
  });

  it('each sees only the environment it is given, in that one process', async () => {
    const compiled = await compile();
    const withKey = await probe(compiled, 'probe-0', { CHATPLATFORM_API_KEY: 'k1' });
    const without = await probe(compiled, 'probe-0', {});
    expect([withKey, without]).toEqual([
      { pid: withKey.pid, key: 'k1' },
      { pid: withKey.pid, key: 'none' },
    ]);
    expect((await compiled.run('env', { CHATPLATFORM_API_KEY: 'k1' })).stdout.trim()).toBe(
      'CHATPLATFORM_API_KEY HOME PATH',
    );
    expect((await compiled.run('env', {})).stdout.trim()).toBe('HOME PATH');
  });

  it('each starts without what an earlier run left: its variables, on the JVM its static state', async () => {
    const compiled = await compile();
    for (let i = 0; i < 2; i++) expect((await compiled.run('state', {})).stdout.trim()).toBe('unset');
  });

  it('each exits with its own status, and the process survives an exception', async () => {
    const compiled = await compile();
    const { pid } = await probe(compiled, 'probe-0', {});
    const raised = await compiled.run('raises', {});
    expect(raised.status).toBe(language.raisedStatus);
    expect(raised.stderr).toContain('sample failed');
    expect((await probe(compiled, 'probe-1', {})).pid).toBe(pid);
    const exited = await compiled.run('exit', {});
    expect([exited.status, exited.stdout.trim()]).toEqual([3, 'partial']);
    await probe(compiled, 'probe-2', {}); // the samples run on after an exit (on the JVM, in a fresh process)
  });
});

describe.each(
  Object.entries(languages).flatMap(([name, { compile, syntaxError }]) =>
    syntaxError ? [[name, compile, syntaxError] as const] : [],
  ),
)('%s samples with a syntax error', (_, compile, syntaxError) => {
  it('are refused before any runs, naming the error', async () => {
    await expect(compile({ broken: syntaxError })).rejects.toThrow(/syntax error/);
  });
});

// PHP's host includes each sample in itself: what it answers must still be what the php CLI gives
// for the same file, on this machine's php.ini (its warnings, an uncaught exception, exit).
describe("PHP's host answers as the php CLI does", () => {
  const dir = mkdtempSync(`${artifactPath('php-host')}-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const host = new SampleHost('php', [hostScript('php_host.php')]);
  opened.push(host);

  const checked = {
    'a valid file': file('valid.php', ['<?php', 'echo "valid\\n";']),
    'a syntax error': file('syntax-error.php', ['<?php', 'function broken( {']),
    'a missing file': join(dir, 'missing.php'),
  };
  it.each(Object.entries(checked))('check of %s is php -l', async (_, path) => {
    expect(await host.request({ check: path })).toEqual(await runSample('php', ['-l', path], {}));
  });

  const runs = {
    'warnings and an exception thrown in a function, with a previous one': file('fails.php', [
      '<?php',
      'echo "partial\\n";',
      'echo $undefined;',
      'trigger_error("deprecated", E_USER_DEPRECATED);',
      '$fail = function (string $why): never {',
      '    throw new RuntimeException($why, 0, new LogicException("cause"));',
      '};',
      '$fail("sample failed");',
    ]),
    'exit with a status': file('exits.php', ['<?php', 'echo "partial\\n";', 'exit(3);']),
    'an include of a file with a syntax error': file('includes.php', [
      '<?php',
      `include ${JSON.stringify(checked['a syntax error'])};`,
    ]),
  };
  it.each(Object.entries(runs))('a sample with %s is php sample.php', async (_, path) => {
    const expected = await runSample('php', [path], {});
    expect(expected.status).not.toBe(0);
    expect(await host.run(path, {})).toEqual(expected);
  });
});
