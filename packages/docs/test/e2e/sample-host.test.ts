// The sample runner starts one interpreter per language for all its samples (Python and Ruby):
// each sample prints the id of the process it runs in, and every sample of a language must print
// the same one. Each still runs as a reader would run it on its own: its own environment, its
// output, its exit status.
import { afterAll, describe, expect, it } from 'vitest';
import { type CompiledSamples, compilePython, sdkRunners } from '../support/sdk-sample-runners.js';

const SAMPLES = 4;
const languages = {
  Python: {
    compile: compilePython,
    pid: 'import os\nprint(os.getpid())',
    env: 'import os\nprint(os.environ.get("CHATPLATFORM_API_KEY", "none"))',
    exit: 'import sys\nprint("partial")\nsys.exit(3)',
    raises: 'raise RuntimeError("sample failed")',
  },
  Ruby: {
    compile: sdkRunners.Ruby!,
    pid: 'puts Process.pid',
    env: 'puts ENV.fetch("CHATPLATFORM_API_KEY", "none")',
    exit: 'puts "partial"\nexit 3',
    raises: 'raise "sample failed"',
  },
};

const opened: CompiledSamples[] = [];
afterAll(() => {
  for (const compiled of opened) compiled.close?.();
});

describe.each(Object.entries(languages))('%s samples', (_, language) => {
  const compile = async () => {
    const samples: Record<string, string> = { env: language.env, exit: language.exit, raises: language.raises };
    for (let i = 0; i < SAMPLES; i++) samples[`pid-${i}`] = language.pid;
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
