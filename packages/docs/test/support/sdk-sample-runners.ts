// Compiles the Go, Java, Rust and Kotlin samples (Ruby and PHP: checks their syntax) of the docs against the clients the
// @chatplatform/sdks build generated and compiled, then runs each one as a reader would. A
// language's samples are compiled together (one toolchain start); Go's and Rust's compiled samples
// are programs run on their own; Python, Ruby, PHP, Java and Kotlin samples all run in one process per
// compile (test/support/sample-host.ts). Adding a language: a renderer in scripts/code-samples/, and here one entry
// of `sdkRunners`.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { mavenEnv, SHORT_JVM_RUN } from '@chatplatform/sdks/jvm';
import {
  generatedDir,
  goModulePath,
  phpAutoload,
  rubyClientLib,
  smokeDir,
  specVersion,
  venvBin,
} from '@chatplatform/sdks/paths';
import { artifactPath } from './docs.js';
import { hostScript, SampleHost } from './sample-host.js';
import { runSample, type SampleRun } from './sample-runners.js';

const run = promisify(execFile);

/** Samples by operation id, already pointed at the mock; `run` runs one with the given credentials. */
export interface CompiledSamples {
  run(operationId: string, credentials: Record<string, string>): Promise<SampleRun>;
  /** Ends the process that runs them, where there is one, and removes what they were compiled into. */
  close(): void;
}
type Compile = (samples: Record<string, string>) => Promise<CompiledSamples>;
/** Compiles the samples in `dir`, a directory of their own. */
type CompileIn = (
  samples: Record<string, string>,
  dir: string,
) => Promise<Omit<CompiledSamples, 'close'> & { close?(): void }>;

/** A build step with the whole environment (toolchain caches); a failure names the tool and shows its output. */
async function build(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
    return stdout;
  } catch (error) {
    const e = error as { code?: string; stdout?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') throw new Error(`${file} is not installed (scripts/setup.sh installs it): ${e.message}`);
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`);
  }
}

/**
 * Each compile in a directory of its own (test files compile at the same time, each for its own
 * mock), removed when the samples are closed: at 500 operations a language's binaries take GBs. A
 * compile that fails leaves its directory, for its reader.
 */
function inFreshDir(name: string, compile: CompileIn): Compile {
  return async (samples) => {
    const parent = artifactPath('code-samples');
    mkdirSync(parent, { recursive: true });
    const dir = mkdtempSync(join(parent, `${name}-`));
    const compiled = await compile(samples, dir);
    return {
      run: compiled.run,
      close: () => {
        compiled.close?.();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
}

/** A file the sdks build leaves for its smoke drivers; missing means that build has not run. */
function builtBySdks(path: string): string {
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`pnpm build\` at the repository root (the @chatplatform/sdks build).`);
  }
  return path;
}

const javaClassOf = (source: string) => {
  const name = /^public class (\w+)/m.exec(source)?.[1];
  if (!name) throw new Error(`the Java sample declares no public class:\n${source}`);
  return name;
};

/**
 * The generated Go client as its release names it (@chatplatform/sdks' goModulePath, `/vN` from v2
 * on): a copy of its package whose go.mod says that path, as the release's module does.
 */
function releasedGoModule(generated: string, samplesDir: string): { path: string; dir: string } {
  const dir = join(samplesDir, '_released-client'); // `go build ./...` leaves out a directory named _…
  mkdirSync(dir);
  const path = goModulePath();
  for (const name of readdirSync(generated))
    if (name.endsWith('.go') || name === 'go.sum') copyFileSync(join(generated, name), join(dir, name));
  const goMod = readFileSync(join(generated, 'go.mod'), 'utf8');
  if (!/^module \S+$/m.test(goMod)) throw new Error(`${generated}/go.mod names no module`);
  writeFileSync(join(dir, 'go.mod'), goMod.replace(/^module \S+$/m, `module ${path}`));
  return { path, dir };
}

const compileGo = (clients: Clients): Compile =>
  inFreshDir('go', async (samples, dir) => {
    const client = releasedGoModule(clients.go(), dir);
    writeFileSync(
      join(dir, 'go.mod'),
      [
        'module example.com/chatplatform/docs-samples',
        '',
        'go 1.23',
        '',
        `require ${client.path} v${specVersion()}`,
        '',
        `replace ${client.path} => ${client.dir}`,
        '',
      ].join('\n'),
    );
    for (const [id, source] of Object.entries(samples)) {
      mkdirSync(join(dir, id));
      writeFileSync(join(dir, id, 'main.go'), source);
    }
    await build('go', ['build', '-o', 'bin/', './...'], dir);
    return { run: (id, credentials) => runSample(join(dir, 'bin', id), [], credentials) };
  });

/** The generated sources under `dir` with the extension, for a client compiled with the samples. */
function sourcesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(extension))
    .map((name) => join(dir, name));
}

/** The compile classpath of a generated Maven project (provided scope too), as Maven resolves it offline. */
async function mavenClasspath(project: string, dir: string): Promise<string> {
  const file = join(dir, 'client-classpath.txt');
  await build(
    'mvn',
    ['-B', '-q', '-o', 'dependency:build-classpath', '-Dmdep.includeScope=compile', `-Dmdep.outputFile=${file}`],
    project,
    mavenEnv(),
  );
  return readFileSync(file, 'utf8').trim();
}

/**
 * Java and Kotlin: one JVM runs every sample (test/support/sample-hosts/JvmSampleHost.java), each
 * in a class loader of its own over the class path's directories (the samples', the client's);
 * its jars are loaded once, for all.
 */
function jvmSamples(classpath: string, mainClasses: Record<string, string>): CompiledSamples {
  const entries = classpath.split(':').filter(Boolean);
  const host = new SampleHost('java', [
    ...SHORT_JVM_RUN, // a JVM of seconds (@chatplatform/sdks/jvm)
    '-Xmx512m', // its memory bounded whatever the number of samples: a finished sample's classes are collected
    // To give each sample its own environment, and to answer on file descriptor 3.
    '--add-opens=java.base/java.util=ALL-UNNAMED',
    '--add-opens=java.base/java.io=ALL-UNNAMED',
    '-cp',
    entries.filter((entry) => entry.endsWith('.jar')).join(':'),
    hostScript('JvmSampleHost.java'),
    ...entries.filter((entry) => !entry.endsWith('.jar')),
  ]);
  return { run: (id, credentials) => host.run(mainClasses[id]!, credentials), close: () => host.close() };
}

const compileJava = (clients: Clients): Compile =>
  inFreshDir('java', async (samples, dir) => {
    const client = clients.java();
    const classpath =
      'project' in client
        ? await mavenClasspath(client.project, dir)
        : readFileSync(builtBySdks(join(smokeDir('java'), 'target', 'classpath.txt')), 'utf8').trim();
    const classes: Record<string, string> = {};
    for (const [id, source] of Object.entries(samples)) {
      classes[id] = javaClassOf(source);
      writeFileSync(join(dir, `${classes[id]}.java`), source);
    }
    const clientSources = 'project' in client ? sourcesUnder(join(client.project, 'src', 'main', 'java'), '.java') : [];
    const files = [...Object.values(classes).map((c) => `${c}.java`), ...clientSources];
    await build(
      'javac',
      [...SHORT_JVM_RUN.map((option) => `-J${option}`), '-d', 'classes', '-nowarn', '-cp', classpath, ...files],
      dir,
    );
    return jvmSamples(`${join(dir, 'classes')}:${classpath}`, classes);
  });

const compileKotlin = (clients: Clients): Compile =>
  inFreshDir('kotlin', async (samples, dir) => {
    const smoke = smokeDir('kotlin');
    const client = clients.kotlin();
    const libraries = readFileSync(builtBySdks(join(smoke, 'target', 'classpath.txt')), 'utf8').trim();
    const pom = fileURLToPath(new URL('./sample-builds/kotlin-compiler.pom.xml', import.meta.url));
    const compilerPath = join(dir, 'compiler-classpath.txt');
    const resolve = ['-B', '-q', '-f', pom, 'dependency:build-classpath', `-Dmdep.outputFile=${compilerPath}`];
    await build('mvn', resolve, dir, mavenEnv());
    const facades: Record<string, string> = {};
    for (const [id, source] of Object.entries(samples)) {
      const file = id.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
      writeFileSync(join(dir, `${file}.kt`), source);
      facades[id] = `${file}Kt`; // the class Kotlin compiles a file's top-level main into
    }
    const classpath = 'sources' in client ? libraries : `${builtBySdks(client.classes)}:${libraries}`;
    const compiler = readFileSync(compilerPath, 'utf8').trim();
    const sources = Object.values(facades).map((f) => `${f.slice(0, -2)}.kt`);
    if ('sources' in client) sources.push(...sourcesUnder(client.sources, '.kt'));
    await build(
      'java',
      [
        ...SHORT_JVM_RUN, // a JVM of seconds (@chatplatform/sdks/jvm)
        '-cp',
        compiler,
        'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
        '-no-stdlib',
        '-no-reflect',
        '-cp',
        classpath,
      ].concat(['-d', 'classes', ...sources]),
      dir,
    );
    return jvmSamples(`${join(dir, 'classes')}:${classpath}`, facades);
  });

/**
 * The Rust samples are binaries of one crate beside the smoke driver's: same dependencies, its
 * Cargo.lock, and its target directory, so the crates the sdks build compiled are reused. The
 * crate's name is this compile's own, and its outputs leave that directory once built.
 */
const compileRust = (clients: Clients): Compile =>
  inFreshDir('rust', async (samples, dir) => {
    const crate = `chatplatform-docs-${basename(dir)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}`;
    const smoke = smokeDir('rust');
    const manifest = readFileSync(join(smoke, 'Cargo.toml'), 'utf8');
    const dependencies = manifest.slice(manifest.indexOf('[dependencies]'));
    writeFileSync(
      join(dir, 'Cargo.toml'),
      [
        '[package]',
        `name = "${crate}"`,
        'version = "0.0.0"',
        'edition = "2021"',
        'publish = false',
        '',
        dependencies.replace(/path = "[^"]*"/, `path = ${JSON.stringify(clients.rust())}`),
        // The samples' binaries without debug info: 7 MB instead of 39 each at five operations (66 MB
        // each, 33 GB in all, at 500). Overridden for this crate alone, so the dependencies' builds are reused.
        `[profile.dev.package.${crate}]`,
        'strip = "debuginfo"',
        '',
      ].join('\n'),
    );
    copyFileSync(join(smoke, 'Cargo.lock'), join(dir, 'Cargo.lock'));
    mkdirSync(join(dir, 'src', 'bin'), { recursive: true });
    const bin = (id: string) => `${crate}-${id}`;
    for (const [id, source] of Object.entries(samples)) writeFileSync(join(dir, 'src', 'bin', `${bin(id)}.rs`), source);
    const target = { CARGO_TARGET_DIR: join(smoke, 'target') };
    await build('cargo', ['build', '--quiet', '--bins'], dir, target);
    mkdirSync(join(dir, 'bin'));
    for (const id of Object.keys(samples))
      renameSync(join(target.CARGO_TARGET_DIR, 'debug', bin(id)), join(dir, 'bin', id));
    await build('cargo', ['clean', '--quiet', '--package', crate], dir, target);
    return { run: (id, credentials) => runSample(join(dir, 'bin', id), [], credentials) };
  });

/** Writes each sample to a file of its own in `dir`, `<id>.<extension>`. */
function writeSamples(dir: string, extension: string, samples: Record<string, string>): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [id, source] of Object.entries(samples)) {
    files[id] = join(dir, `${id}.${extension}`);
    writeFileSync(files[id], source);
  }
  return files;
}

/** Python: every sample runs in one interpreter of the venv the sdks build installs the client into. */
export const compilePython: Compile = inFreshDir('python', async (samples, dir) => {
  const python = builtBySdks(venvBin('python'));
  const files = writeSamples(dir, 'py', samples);
  const host = new SampleHost(python, [hostScript('python_host.py')]);
  return { run: (id, credentials) => host.run(files[id]!, credentials), close: () => host.close() };
});

/** Has the host check each file's syntax (as `check` would); the first that fails ends the host and the compile. */
async function checkAll(host: SampleHost, files: Record<string, string>, check: string): Promise<void> {
  for (const file of Object.values(files)) {
    const checked = await host.request({ check: file });
    if (checked.status === 0) continue;
    host.close();
    throw new Error(`${check} ${file} failed:\n${checked.stdout}${checked.stderr}`);
  }
}

/**
 * Ruby loads the generated client from where the sdks build left it, as the sample's first comment
 * says; one interpreter checks every sample's syntax (as `ruby -c`), then runs them all.
 */
const compileRuby = (clients: Clients): Compile =>
  inFreshDir('ruby', async (samples, dir) => {
    const lib = clients.rubyLib();
    const files = writeSamples(dir, 'rb', samples);
    const host = new SampleHost('ruby', [hostScript('ruby_host.rb'), lib]);
    await checkAll(host, files, 'ruby -c');
    return { run: (id, credentials) => host.run(files[id]!, credentials), close: () => host.close() };
  });

/**
 * PHP gets the client through the sdks' autoloader, prepended as the sample's first comment says;
 * one interpreter checks every sample's syntax (as `php -l`), then runs them all.
 */
const compilePhp = (clients: Clients): Compile =>
  inFreshDir('php', async (samples, dir) => {
    const autoload = clients.phpAutoload();
    const files = writeSamples(dir, 'php', samples);
    const host = new SampleHost('php', ['-d', `auto_prepend_file=${autoload}`, hostScript('php_host.php')]);
    await checkAll(host, files, 'php -l');
    return { run: (id, credentials) => host.run(files[id]!, credentials), close: () => host.close() };
  });

/**
 * The generated clients the samples compile against, each asked for when its language compiles:
 * the sdks build's (the default), or clients a test generated itself from a fixture spec (their
 * Java and Kotlin sources then compile with the samples).
 */
export interface Clients {
  go(): string;
  /** Compiled classes, or a generated Maven project whose sources compile with the samples. */
  java(): { classes: string } | { project: string };
  kotlin(): { classes: string } | { sources: string };
  rust(): string;
  rubyLib(): string;
  phpAutoload(): string;
}

const sdksClients: Clients = {
  go: () => builtBySdks(generatedDir('go')),
  java: () => ({ classes: join(smokeDir('java'), 'target', 'classes') }),
  kotlin: () => ({ classes: join(smokeDir('kotlin'), 'target', 'classes') }),
  rust: () => builtBySdks(generatedDir('rust')),
  rubyLib: () => builtBySdks(rubyClientLib),
  phpAutoload: () => {
    builtBySdks(generatedDir('php'));
    return builtBySdks(phpAutoload);
  },
};

/** The runners by the sample's label on the page, against `clients`. */
export function sdkRunnersFor(clients: Clients): Record<string, Compile> {
  return {
    Go: compileGo(clients),
    Java: compileJava(clients),
    Rust: compileRust(clients),
    Kotlin: compileKotlin(clients),
    Ruby: compileRuby(clients),
    PHP: compilePhp(clients),
  };
}

/** By the sample's label on the page, against the clients the sdks build generated and compiled. */
export const sdkRunners: Record<string, Compile> = sdkRunnersFor(sdksClients);
