// The sample runner starts one process per language for all its samples (Python, Ruby, and one
// JVM for Java and Kotlin): each sample prints the id of the process it runs in, and every sample
// of a language must print the same one. Each still runs as a reader would run it on its own: its
// own environment, its output, its exit status, and on the JVM its own static state.
import { afterAll, describe, expect, it } from 'vitest';
import { type CompiledSamples, compilePython, sdkRunners } from '../support/sdk-sample-runners.js';

const SAMPLES = 4;
/** A Java sample: a public class of that name whose main is `body`. */
const java = (name: string, body: string) =>
  `public class ${name} {\n  public static void main(String[] args) {\n    ${body}\n  }\n}`;

interface Language {
  compile: (samples: Record<string, string>) => Promise<CompiledSamples>;
  /** Prints its process id; `i` tells the samples apart where a language needs them named. */
  pid: (i: number) => string;
  env: string;
  exit: string;
  raises: string;
}

const languages: Record<string, Language> = {
  Python: {
    compile: compilePython,
    pid: () => 'import os\nprint(os.getpid())',
    env: 'import os\nprint(os.environ.get("CHATPLATFORM_API_KEY", "none"))',
    exit: 'import sys\nprint("partial")\nsys.exit(3)',
    raises: 'raise RuntimeError("sample failed")',
  },
  Ruby: {
    compile: sdkRunners.Ruby!,
    pid: () => 'puts Process.pid',
    env: 'puts ENV.fetch("CHATPLATFORM_API_KEY", "none")',
    exit: 'puts "partial"\nexit 3',
    raises: 'raise "sample failed"',
  },
  // Java stands for Kotlin too: one JVM host (test/support/sample-hosts/JvmSampleHost.java) runs both.
  Java: {
    compile: sdkRunners.Java!,
    pid: (i) => java(`Pid${i}`, 'System.out.println(ProcessHandle.current().pid());'),
    env: java(
      'Env',
      'String key = System.getenv("CHATPLATFORM_API_KEY");\n    System.out.println(key == null ? "none" : key);',
    ),
    exit: java('Exit', 'System.out.println("partial");\n    System.exit(3);'),
    raises: java('Raises', 'throw new IllegalStateException("sample failed");'),
  },
};

const opened: CompiledSamples[] = [];
afterAll(() => {
  for (const compiled of opened) compiled.close();
});

describe.each(Object.entries(languages))('%s samples', (_, language) => {
  const compile = async () => {
    const samples: Record<string, string> = { env: language.env, exit: language.exit, raises: language.raises };
    for (let i = 0; i < SAMPLES; i++) samples[`pid-${i}`] = language.pid(i);
    const compiled = await language.compile(samples);
    opened.push(compiled);
    return compiled;
  };

  it(`all run in one process (${SAMPLES} samples, one process id)`, async () => {
    const compiled = await compile();
    const pids = new Set<string>();
    for (let i = 0; i < SAMPLES; i++) {
      const result = await compiled.run(`pid-${i}`, {});
      expect(result.status, result.stderr).toBe(0);
      pids.add(result.stdout.trim());
    }
    expect([...pids]).toHaveLength(1);
    expect(Number([...pids][0])).not.toBe(process.pid);
  });

  it('each sees only the environment it is given, and exits with its own status', async () => {
    const compiled = await compile();
    expect((await compiled.run('env', { CHATPLATFORM_API_KEY: 'k1' })).stdout.trim()).toBe('k1');
    expect((await compiled.run('env', {})).stdout.trim()).toBe('none');
    const exited = await compiled.run('exit', {});
    expect([exited.status, exited.stdout.trim()]).toEqual([3, 'partial']);
    const raised = await compiled.run('raises', {});
    expect(raised.status).toBe(1);
    expect(raised.stderr).toContain('sample failed');
    expect((await compiled.run('pid-0', {})).status).toBe(0); // the interpreter survives a failure
  });
});

describe('Java and Kotlin samples, one JVM', () => {
  it("each runs in a class loader of its own: a client's static state does not reach the next sample", async () => {
    // Kotlin's generated ApiClient keeps its keys in a static map: in one JVM, a key one sample set
    // would otherwise be sent by the next.
    const state =
      'public class State {\n  static int runs;\n\n  public static void main(String[] args) {\n    System.out.println(++runs);\n  }\n}';
    const compiled = await sdkRunners.Java!({ state });
    opened.push(compiled);
    const runs = [await compiled.run('state', {}), await compiled.run('state', {})];
    expect(runs.map((run) => [run.status, run.stdout.trim()])).toEqual([
      [0, '1'],
      [0, '1'],
    ]);
  });
});
