// Each artifact of the release installed as Getting started's install line for its language says
// (read from the built docs page, test/support/install-lines.ts, run as written with `RELEASE` made
// this release folder), where nothing of the workspace is (a new npm project, a new venv, a new Go
// module, new Maven and Cargo projects, a gem home, an unzipped PHP package), its dependencies from
// its ecosystem's registry, then a first call against the released mock: Get Call on the Calls host
// with the apikey, List apps on the management API with its key and secret. Where each is served
// and the headers the keys go in are read from the bundled spec (test/support/first-call.ts) and
// handed to the programs in their environment.
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { mavenEnv, SHORT_JVM_RUN } from '@chatplatform/sdks/jvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cargoEnv } from '../../src/builders/rust.mjs';
import { extractTarGz } from '../../src/lib/archive.mjs';
import { releaseContext } from '../../src/lib/context.mjs';
import { firstCallEnv, getCallPath, serverDefaultUrl } from '../support/first-call.js';
import { againstRelease, getCallSample, installLines } from '../support/install-lines.js';
import {
  artifact,
  freshDir,
  installDir,
  releaseDir,
  removeTemps,
  requireRelease,
  sh,
  startReleasedMock,
} from '../support/release.js';

const SESSION_ID = 'first-call-session';
const credentials = {
  CHATPLATFORM_API_KEY: 'install-test-api-key',
  CHATPLATFORM_MANAGEMENT_KEY: 'install-test-management-key',
  CHATPLATFORM_MANAGEMENT_SECRET: 'install-test-management-secret',
};

/** Getting started's install lines by language. */
let lines: Map<string, string[]>;
/** The code spans of `label`'s row in Getting started's install table. */
function row(label: string): string[] {
  const codes = lines.get(label);
  if (!codes?.length) throw new Error(`Getting started gives no install line for ${label}`);
  return codes;
}
/** The first code span of `label`'s row, which must match `form`: the line a reader runs. */
function installLine(label: string, form: RegExp): string {
  const [line] = row(label);
  expect(line, `${label}'s install line`).toMatch(form);
  return againstRelease(line as string);
}
const bash = (line: string, cwd: string, env: NodeJS.ProcessEnv = {}) => sh('bash', ['-euc', line], { cwd, env });

let npmProject: string;
let mock: { url: string; stop: () => void };
let expectedSessionId: string;
let spec: ReturnType<typeof firstCallEnv>;
const env = () => ({ ...credentials, ...spec, CHATPLATFORM_MOCK_URL: mock.url, CHATPLATFORM_SESSION_ID: SESSION_ID });
const getCall = getCallPath(SESSION_ID);
const version = () =>
  JSON.parse(readFileSync(join(npmProject, 'node_modules/@chatplatform/spec/package.json'), 'utf8')).version as string;

/** What a first call printed: the session id of the record Get Call returned, and List apps done. */
function expectFirstCall(stdout: string) {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  expect(JSON.parse(last)).toEqual({ sessionId: expectedSessionId, apps: true });
}

beforeAll(async () => {
  requireRelease();
  lines = installLines();
  // The tools a CI team installs (README): the mock every first call goes to, the contract CLI.
  npmProject = freshDir('npm');
  sh('npm', ['init', '--yes'], { cwd: npmProject });
  const tarballs = ['spec', 'contract', 'mock'].map((name) =>
    artifact('npm', new RegExp(`^chatplatform-${name}-.*\\.tgz$`)),
  );
  sh('npm', ['install', '--no-audit', '--no-fund', ...tarballs], { cwd: npmProject });
  mock = await startReleasedMock(npmProject);
  spec = firstCallEnv(mock.url);
  // The record the mock answers Get Call with, asked directly: what every client must decode.
  const answer = await fetch(`${spec.CHATPLATFORM_CALLS_URL}${getCall.path}`, {
    headers: { [spec.CHATPLATFORM_API_KEY_HEADER]: credentials.CHATPLATFORM_API_KEY },
  });
  expect(answer.status).toBe(200);
  expectedSessionId = ((await answer.json()) as { data: { sessionId: string }[] }).data[0]?.sessionId as string;
  expect(expectedSessionId).toBeTruthy();
});

afterAll(() => {
  mock?.stop();
  removeTemps();
});

it('Getting started gives an install line for every language but curl, which needs none', () => {
  expect(lines.get('curl')).toEqual([]);
  expect([...lines.keys()].filter((label) => label !== 'curl').sort()).toEqual([
    'Go',
    'Java',
    'Kotlin',
    'PHP',
    'Python',
    'Ruby',
    'Rust',
    'TypeScript',
  ]);
});

describe('npm', () => {
  it('@chatplatform/client, installed by npm i of its tarball, makes the first call', () => {
    bash(`${installLine('TypeScript', /^npm i /)} --no-audit --no-fund`, npmProject);
    copyFileSync(join(installDir, 'node', 'first-call.mjs'), join(npmProject, 'first-call.mjs'));
    expectFirstCall(sh('node', ['first-call.mjs'], { cwd: npmProject, env: env() }));
  });

  it('the contract CLI validates traffic and compares specs with npx', async () => {
    const url = `${spec.CHATPLATFORM_CALLS_URL}${getCall.path}`;
    const response = await fetch(url, {
      headers: { [spec.CHATPLATFORM_API_KEY_HEADER]: credentials.CHATPLATFORM_API_KEY },
    });
    // Recorded as production traffic: Get Call's server with each variable at its default.
    const production = `${serverDefaultUrl(getCall.server)}${getCall.path}`;
    const exchange = {
      request: { method: 'GET', url: production, headers: { [spec.CHATPLATFORM_API_KEY_HEADER]: 'redacted' } },
      response: {
        status: response.status,
        headers: { 'content-type': response.headers.get('content-type') },
        body: await response.json(),
      },
    };
    writeFileSync(join(npmProject, 'traffic.ndjson'), `${JSON.stringify(exchange)}\n`);
    expect(
      sh('npx', ['--no-install', 'chatplatform-contract', 'validate', 'traffic.ndjson'], { cwd: npmProject }),
    ).toMatch(/1 exchange/);
    const bundle = join(npmProject, 'node_modules/@chatplatform/spec/dist/openapi.yaml');
    const breaking = sh(
      'npx',
      ['--no-install', 'chatplatform-contract', 'breaking', '--base', bundle, '--revision', bundle],
      { cwd: npmProject },
    );
    expect(breaking).toContain('PASS: no breaking change.');
  });
});

describe('Python', () => {
  it('the wheel, installed by pip install into a new venv with its dependencies from PyPI, makes the first call', () => {
    const dir = freshDir('python');
    sh('python3', ['-m', 'venv', 'venv'], { cwd: dir });
    bash(`${installLine('Python', /^pip install /)} --quiet --disable-pip-version-check`, dir, {
      PATH: `${join(dir, 'venv', 'bin')}:${process.env.PATH}`,
    });
    expectFirstCall(sh('venv/bin/python', [join(installDir, 'python', 'first_call.py')], { cwd: dir, env: env() }));
  });
});

describe('Go', () => {
  it("a new module gets the client by go get from the release folder as a module proxy, makes the first call, and the docs' Get Call sample builds against it", () => {
    const dir = freshDir('go');
    const modulePath = readFileSync(join(releaseDir, 'SHA256SUMS'), 'utf8').match(/go\/(\S+)\/@v\/list/)?.[1] as string;
    const goEnv = { GOMODCACHE: join(dir, 'modcache'), GOFLAGS: '-modcacherw' };
    sh('go', ['mod', 'init', 'example.test/first-call'], { cwd: dir, env: goEnv });
    bash(installLine('Go', / go get /), dir, goEnv);
    // What the programs import, the docs' line fetched: no module proxy from here on.
    const offline = { ...goEnv, GOPROXY: 'off' };
    const main = readFileSync(join(installDir, 'go', 'main.go.txt'), 'utf8').replace('MODULE_PATH', modulePath);
    writeFileSync(join(dir, 'main.go'), main);
    expectFirstCall(sh('go', ['run', '.'], { cwd: dir, env: { ...offline, ...env() } }));
    // The sample imports the module path the docs' line got (another would not build offline).
    mkdirSync(join(dir, 'sample'));
    writeFileSync(join(dir, 'sample', 'main.go'), getCallSample('Go'));
    sh('go', ['build', '-o', 'get-call', './sample'], { cwd: dir, env: offline });
    expect(existsSync(join(dir, 'get-call'))).toBe(true);
  });
});

/**
 * A Maven local repository of its own for this run: every entry of the user's local repository
 * linked in (plugins and dependencies stay cached), except the folder of the release's own group,
 * which starts empty so that the released jars come from the release folder. The user's cache is
 * read and added to, never emptied.
 */
function localMavenRepository(groupId: string): string {
  const local = freshDir('maven-repository');
  let user = join(homedir(), '.m2', 'repository');
  let into = local;
  for (const segment of groupId.split('.')) {
    if (existsSync(user)) {
      for (const entry of readdirSync(user)) {
        if (entry !== segment) symlinkSync(join(user, entry), join(into, entry));
      }
    }
    user = join(user, segment);
    into = join(into, segment);
    mkdirSync(into);
  }
  return local;
}

/** The Maven dependency (`group:artifact:version`) and repository URL `label`'s row of Getting started names. */
function mavenCoordinates(label: string) {
  const codes = row(label);
  const coordinates = codes.find((c) => /^[\w.-]+:[\w.-]+:[\w.-]+$/.test(c));
  const repository = codes.find((c) => c.startsWith('file://'));
  if (!coordinates || !repository) throw new Error(`${label}'s row names no Maven dependency and repository: ${codes}`);
  const [groupId, artifactId, version] = coordinates.split(':') as [string, string, string];
  return { groupId, artifactId, version, repository: againstRelease(repository) };
}

/** A Maven project depending on the artifact `label`'s row names, read from the repository it names. */
function mavenProject(label: string, build: string) {
  const dependency = mavenCoordinates(label);
  const dir = freshDir(label.toLowerCase());
  writeFileSync(
    join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>example.test</groupId><artifactId>first-call</artifactId><version>1</version>
  <properties><maven.compiler.source>17</maven.compiler.source><maven.compiler.target>17</maven.compiler.target><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <kotlin.compiler.daemon>false</kotlin.compiler.daemon></properties>
  <repositories><repository><id>release</id><url>${dependency.repository}</url></repository></repositories>
  <dependencies><dependency><groupId>${dependency.groupId}</groupId><artifactId>${dependency.artifactId}</artifactId><version>${dependency.version}</version></dependency></dependencies>
  ${build}
</project>`,
  );
  cpSync(join(installDir, label.toLowerCase(), 'src'), join(dir, 'src'), { recursive: true });
  return { dir, dependency };
}

let mavenRepository: string | undefined;

/**
 * Compiles and runs the project's first call; the jar Maven resolved must be the one the release
 * built (the local repository's folder of the release's group starts empty).
 */
function runMaven({ dir, dependency }: ReturnType<typeof mavenProject>, mainClass: string): string {
  const { groupId, artifactId, version } = dependency;
  mavenRepository ??= localMavenRepository(groupId);
  const args = ['-B', '-q', `-Dmaven.repo.local=${mavenRepository}`, 'compile', 'dependency:build-classpath'];
  sh('mvn', [...args, '-Dmdep.outputFile=classpath.txt'], { cwd: dir, env: mavenEnv() });
  const jar = `${groupId.replaceAll('.', '/')}/${artifactId}/${version}/${artifactId}-${version}.jar`;
  const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
  expect(sha(join(mavenRepository, jar)), `${jar} is the release's`).toBe(sha(join(releaseDir, 'maven', jar)));
  const classpath = `${join(dir, 'target', 'classes')}:${readFileSync(join(dir, 'classpath.txt'), 'utf8').trim()}`;
  return sh('java', [...SHORT_JVM_RUN, '-cp', classpath, mainClass], { cwd: dir, env: env() });
}

describe('Java and Kotlin', () => {
  it('a new Maven project reads the Java client from the repository Getting started names and makes the first call', () => {
    expectFirstCall(runMaven(mavenProject('Java', ''), 'first.FirstCall'));
  });

  it('a new Maven project reads the Kotlin client from the repository Getting started names and makes the first call', () => {
    const kotlin = `<build><sourceDirectory>src/main/kotlin</sourceDirectory><plugins><plugin>
      <groupId>org.jetbrains.kotlin</groupId><artifactId>kotlin-maven-plugin</artifactId><version>2.4.0</version>
      <configuration><jvmTarget>17</jvmTarget></configuration>
      <executions><execution><id>compile</id><goals><goal>compile</goal></goals></execution></executions>
    </plugin></plugins></build>`;
    expectFirstCall(runMaven(mavenProject('Kotlin', kotlin), 'FirstCallKt'));
  });
});

describe('Rust', () => {
  it('a new Cargo project takes the unpacked .crate by cargo add, its dependencies from crates.io, and makes the first call', async () => {
    const dir = freshDir('rust');
    sh('cargo', ['init', '--quiet', '--vcs', 'none', '--name', 'first-call'], { cwd: dir });
    const codes = row('Rust');
    const crate = codes.find((c) => c.endsWith('.crate'));
    const add = codes.find((c) => c.startsWith('cargo add '));
    if (!crate || !add) throw new Error(`Rust's row names no .crate and cargo add: ${codes}`);
    const vendor = join(dir, 'vendor');
    mkdirSync(vendor);
    await extractTarGz(againstRelease(crate), vendor);
    const [unpacked] = readdirSync(vendor);
    bash(add.replace('<unpacked>', join(vendor, unpacked as string)), dir);
    // The release lock's tokio, with only the feature the client's own dependencies enable (`rt`):
    // more features make another tokio, and cargo would compile reqwest and all beneath it again
    // instead of reusing the verification build's.
    appendFileSync(join(dir, 'Cargo.toml'), 'tokio = { version = "=1.54.1", features = ["rt"] }\n');
    cpSync(join(installDir, 'rust', 'src'), join(dir, 'src'), { recursive: true });
    // The verification build's target directory and environment: crates.io's dependencies compiled once.
    const target = join(releaseDir, '..', '.cargo-target');
    expectFirstCall(
      sh('cargo', ['run', '--quiet', '--target-dir', target], {
        cwd: dir,
        env: { ...cargoEnv(releaseContext()), ...env() },
      }),
    );
  });
});

describe('Ruby', () => {
  it('gem install --local puts the gem in a new gem home (Typhoeus from the system) and it makes the first call', () => {
    const dir = freshDir('ruby');
    const systemGems = sh('ruby', ['-e', 'print Gem.path.join(":")'], { cwd: dir });
    const gemEnv = { GEM_HOME: join(dir, 'gems'), GEM_PATH: `${join(dir, 'gems')}:${systemGems}` };
    bash(`${installLine('Ruby', /^gem install --local /)} --no-document`, dir, gemEnv);
    expectFirstCall(
      sh('ruby', [join(installDir, 'ruby', 'first_call.rb')], { cwd: dir, env: { ...gemEnv, ...env() } }),
    );
  });
});

describe('PHP', () => {
  it('the unzipped package, loaded by its own autoload.php (Guzzle from the system), makes the first call', () => {
    const dir = freshDir('php');
    const codes = row('PHP');
    const zip = codes.find((c) => c.endsWith('.zip'));
    if (!zip || !codes.includes('autoload.php')) throw new Error(`PHP's row names no zip and autoload.php: ${codes}`);
    sh('unzip', ['-q', againstRelease(zip), '-d', join(dir, 'package')], { cwd: dir });
    const composer = JSON.parse(readFileSync(join(dir, 'package', 'composer.json'), 'utf8'));
    expect(composer).toMatchObject({ name: 'chatplatform/client', version: version(), license: 'MIT' });
    const run = sh('php', [join(installDir, 'php', 'first_call.php')], {
      cwd: dir,
      env: { ...env(), CHATPLATFORM_PACKAGE_DIR: join(dir, 'package') },
    });
    expectFirstCall(run);
  });
});
