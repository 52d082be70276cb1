// The install line the docs' Getting started gives for each language, read from the built docs page
// (the @chatplatform/docs this release packs), run as written against this release folder (`RELEASE`
// in a line is that folder) in a fresh environment; then what it installed is used: imported, or
// for Go the docs' own Get Call sample compiled against it, or for Maven the jar checked to be the
// release's.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { mavenEnv } from '@chatplatform/sdks/jvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { extractTarGz } from '../../src/lib/archive.mjs';
import { freshDir, packageDir, releaseDir, removeTemps, requireRelease, sh } from '../support/release.js';

const docsDist = join(
  dirname(createRequire(join(packageDir, 'package.json')).resolve('@chatplatform/docs/package.json')),
  'dist',
);

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#32;/g, ' ')
    .replace(/&amp;/g, '&');

/** Getting started's install table on the built page: each language's code spans, as the page shows them. */
function installLines(): Map<string, string[]> {
  const page = readFileSync(join(docsDist, 'index.html'), 'utf8');
  const table = /<th[^>]*>language\s*<\/th>\s*<th[^>]*>install\s*<\/th>[\s\S]*?<\/table>/.exec(page)?.[0];
  if (!table) throw new Error(`${docsDist}/index.html has no install table (Getting started): build the docs.`);
  const rows = new Map<string, string[]>();
  for (const [, label, cell] of table.matchAll(/<tr><td[^>]*>([^<]+?)\s*<\/td><td[^>]*>([\s\S]*?)<\/td><\/tr>/g))
    rows.set(
      decode(label as string).trim(),
      [...(cell as string).matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) => decode(m[1] as string)),
    );
  return rows;
}

/** The built docs' Get Call sample in `label`, as the page carries it. */
function getCallSample(label: string): string {
  const spec = parse(readFileSync(join(docsDist, 'openapi.yaml'), 'utf8'));
  const getCall = Object.values<Record<string, any>>(spec.paths)
    .flatMap((item) => Object.values(item))
    .find((operation) => operation?.operationId === 'get-call');
  const samples = (getCall?.['x-codeSamples'] ?? []) as { label: string; source: string }[];
  const found = samples.find((s) => s.label === label);
  if (!found) throw new Error(`the docs carry no ${label} sample of Get Call`);
  return found.source;
}

let lines: Map<string, string[]>;
/** The code spans of `label`'s row; the first of them (or `index`) is a line run against the release. */
function row(label: string): string[] {
  const codes = lines.get(label);
  if (!codes?.length) throw new Error(`Getting started gives no install line for ${label}`);
  return codes;
}
/** A line of the docs with RELEASE made this release folder; a line that names no release file fails. */
function againstRelease(line: string): string {
  if (!line.includes('RELEASE/')) throw new Error(`"${line}" installs nothing from the release folder`);
  return line.replaceAll('RELEASE', releaseDir);
}
const bash = (line: string, cwd: string, env: NodeJS.ProcessEnv = {}) => sh('bash', ['-euc', line], { cwd, env });

beforeAll(() => {
  requireRelease();
  if (!existsSync(join(docsDist, 'index.html')))
    throw new Error(`the docs page is not built (${docsDist}): run \`pnpm build\``);
  lines = installLines();
});
afterAll(() => removeTemps());

describe("Getting started's install lines, run against the release folder", () => {
  it('gives one for every language but curl, which needs none', () => {
    expect(lines.get('curl')).toEqual([]);
    lines.delete('curl');
    expect([...lines.keys()].sort()).toEqual(['Go', 'Java', 'Kotlin', 'PHP', 'Python', 'Ruby', 'Rust', 'TypeScript']);
  });

  it('TypeScript: npm i installs the client tarball, and it loads', () => {
    const dir = freshDir('docs-npm');
    sh('npm', ['init', '--yes'], { cwd: dir });
    const [line] = row('TypeScript');
    expect(line).toMatch(/^npm i /);
    bash(`${againstRelease(line as string)} --no-audit --no-fund`, dir);
    const loaded = sh(
      'node',
      [
        '--input-type=module',
        '-e',
        "const m = await import('@chatplatform/client'); console.log(typeof m.createClient)",
      ],
      { cwd: dir },
    );
    expect(loaded.trim()).toBe('function');
  });

  it('Python: pip install installs the wheel into a new venv, and it imports', () => {
    const dir = freshDir('docs-python');
    sh('python3', ['-m', 'venv', 'venv'], { cwd: dir });
    const [line] = row('Python');
    expect(line).toMatch(/^pip install /);
    bash(`${againstRelease(line as string)} --quiet --disable-pip-version-check`, dir, {
      PATH: `${join(dir, 'venv', 'bin')}:${process.env.PATH}`,
    });
    expect(
      sh(join(dir, 'venv', 'bin', 'python'), ['-c', 'import chatplatform_client; print("ok")'], { cwd: dir }).trim(),
    ).toBe('ok');
  });

  it("Go: go get resolves the module from the release folder, and the docs' Get Call sample builds against it", () => {
    const dir = freshDir('docs-go');
    const goEnv = { GOMODCACHE: join(dir, 'modcache'), GOFLAGS: '-modcacherw' };
    sh('go', ['mod', 'init', 'example.test/docs-install'], { cwd: dir, env: goEnv });
    const [line] = row('Go');
    expect(line).toMatch(/ go get /);
    bash(againstRelease(line as string), dir, goEnv);
    writeFileSync(join(dir, 'main.go'), getCallSample('Go'));
    sh('go', ['build', '-o', 'get-call', '.'], { cwd: dir, env: { ...goEnv, GOPROXY: 'off' } });
    expect(existsSync(join(dir, 'get-call'))).toBe(true);
  });

  /** The dependency and repository a Maven row names, resolved by Maven into an empty local repository. */
  function resolveWithMaven(label: string): void {
    const codes = row(label);
    const coordinates = codes.find((c) => /^[\w.-]+:[\w.-]+:[\w.-]+$/.test(c));
    const repository = codes.find((c) => c.startsWith('file://'));
    if (!coordinates || !repository)
      throw new Error(`${label}'s row names no Maven dependency and repository: ${codes}`);
    const [groupId, artifactId, version] = coordinates.split(':') as [string, string, string];
    const dir = freshDir(`docs-${label.toLowerCase()}`);
    // An empty local repository: the release's artifacts come from the release folder only; the
    // rest (Maven's own plugin, the client's libraries) from the user's cache, read as a repository
    // and left untouched.
    const cache = `file://${join(homedir(), '.m2', 'repository')}`;
    writeFileSync(
      join(dir, 'pom.xml'),
      `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>example.test</groupId><artifactId>docs-install</artifactId><version>1</version>
  <repositories><repository><id>release</id><url>${againstRelease(repository)}</url></repository>
    <repository><id>cache</id><url>${cache}</url></repository></repositories>
  <pluginRepositories><pluginRepository><id>cache</id><url>${cache}</url></pluginRepository></pluginRepositories>
  <dependencies><dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency></dependencies>
</project>`,
    );
    const local = join(dir, 'repository');
    const plugin = readdirSync(
      join(homedir(), '.m2', 'repository', 'org', 'apache', 'maven', 'plugins', 'maven-dependency-plugin'),
    )
      .sort()
      .at(-1);
    sh(
      'mvn',
      ['-B', '-q', `-Dmaven.repo.local=${local}`, `org.apache.maven.plugins:maven-dependency-plugin:${plugin}:resolve`],
      { cwd: dir, env: mavenEnv() },
    );
    const jar = `${groupId.replaceAll('.', '/')}/${artifactId}/${version}/${artifactId}-${version}.jar`;
    const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(sha(join(local, jar)), `${jar} is the release's`).toBe(sha(join(releaseDir, 'maven', jar)));
  }

  it('Java: the dependency resolves from the release repository, the jar the release built', () => {
    resolveWithMaven('Java');
  });

  it('Kotlin: the dependency resolves from the release repository, the jar the release built', () => {
    resolveWithMaven('Kotlin');
  });

  it('Rust: the .crate unpacks and cargo add takes it as a path dependency', async () => {
    const dir = freshDir('docs-rust');
    sh('cargo', ['init', '--quiet', '--name', 'docs-install'], { cwd: dir });
    const codes = row('Rust');
    const crate = codes.find((c) => c.endsWith('.crate'));
    const add = codes.find((c) => c.startsWith('cargo add '));
    if (!crate || !add) throw new Error(`Rust's row names no .crate and cargo add: ${codes}`);
    const unpacked = join(dir, 'vendor');
    mkdirSync(unpacked);
    await extractTarGz(againstRelease(crate), unpacked);
    const [top] = readdirSync(unpacked);
    bash(add.replace('<unpacked>', join(unpacked, top as string)), dir);
    const manifest = readFileSync(join(dir, 'Cargo.toml'), 'utf8');
    // cargo add writes the path relative to the project.
    const dependency = /^chatplatform-client = \{.*path = "([^"]+)".*\}$/m.exec(manifest)?.[1];
    expect(dependency && join(dir, dependency)).toBe(join(unpacked, top as string));
  });

  it('Ruby: gem install --local installs the gem into a new gem home, and it loads', () => {
    const dir = freshDir('docs-ruby');
    const systemGems = sh('ruby', ['-e', 'print Gem.path.join(":")'], { cwd: dir });
    const gemEnv = { GEM_HOME: join(dir, 'gems'), GEM_PATH: `${join(dir, 'gems')}:${systemGems}` };
    const [line] = row('Ruby');
    expect(line).toMatch(/^gem install --local /);
    bash(`${againstRelease(line as string)} --no-document`, dir, gemEnv);
    const loaded = sh('ruby', ['-e', "require 'chatplatform_client'; print ChatplatformClient::VERSION"], {
      cwd: dir,
      env: gemEnv,
    });
    expect(loaded).toBe(parse(readFileSync(join(docsDist, 'openapi.yaml'), 'utf8')).info.version);
  });

  it('PHP: the zip unpacks and its autoload.php loads the client (Guzzle from the system)', () => {
    const dir = freshDir('docs-php');
    const codes = row('PHP');
    const zip = codes.find((c) => c.endsWith('.zip'));
    if (!zip || !codes.includes('autoload.php')) throw new Error(`PHP's row names no zip and autoload.php: ${codes}`);
    sh('unzip', ['-q', againstRelease(zip), '-d', join(dir, 'package')], { cwd: dir });
    const autoload = join(dir, 'package', 'autoload.php');
    const php = `require 'GuzzleHttp/autoload.php'; require ${JSON.stringify(autoload)}; echo class_exists('ChatPlatform\\\\Client\\\\Configuration') ? 'ok' : 'missing';`;
    expect(sh('php', ['-r', php], { cwd: dir })).toBe('ok');
  });
});
