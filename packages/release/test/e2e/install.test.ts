// Each artifact of the release installed where nothing of the workspace is (a new npm project, a
// new venv, a new Go module, new Maven and Cargo projects, a gem home, an unzipped PHP package), its
// dependencies from its ecosystem's registry, then a first call against the released mock: Get Call
// on the Calls host with the apikey, List apps on the management API with its key and secret.
// Where each is served and the headers the keys go in are read from the bundled spec
// (test/support/first-call.ts) and handed to the programs in their environment.
import {
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
  npmProject = freshDir('npm');
  sh('npm', ['init', '--yes'], { cwd: npmProject });
  const tarballs = ['spec', 'client', 'contract', 'mock'].map((name) =>
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

describe('npm', () => {
  it('@chatplatform/client, installed from its tarball, makes the first call', () => {
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
  it('the wheel, installed into a new venv with its dependencies from PyPI, makes the first call', () => {
    const dir = freshDir('python');
    sh('python3', ['-m', 'venv', 'venv'], { cwd: dir });
    sh('venv/bin/pip', ['install', '--quiet', '--disable-pip-version-check', artifact('python', /\.whl$/)], {
      cwd: dir,
    });
    expectFirstCall(sh('venv/bin/python', [join(installDir, 'python', 'first_call.py')], { cwd: dir, env: env() }));
  });
});

describe('Go', () => {
  it('a new module gets the client from the release folder as a module proxy and makes the first call', () => {
    const dir = freshDir('go');
    const proxy = join(releaseDir, 'go');
    const modulePath = readFileSync(join(releaseDir, 'SHA256SUMS'), 'utf8').match(/go\/(\S+)\/@v\/list/)?.[1] as string;
    const goEnv = {
      GOPROXY: `file://${proxy},${sh('go', ['env', 'GOPROXY'], { cwd: dir }).trim()}`,
      GONOSUMDB: modulePath,
      GOMODCACHE: join(dir, 'modcache'),
      GOFLAGS: '-modcacherw',
    };
    sh('go', ['mod', 'init', 'example.test/first-call'], { cwd: dir, env: goEnv });
    const main = readFileSync(join(installDir, 'go', 'main.go.txt'), 'utf8').replace('MODULE_PATH', modulePath);
    writeFileSync(join(dir, 'main.go'), main);
    sh('go', ['get', `${modulePath}@v${version()}`], { cwd: dir, env: goEnv });
    expectFirstCall(sh('go', ['run', '.'], { cwd: dir, env: { ...goEnv, ...env() } }));
  });
});

/** The Maven group of the released Java and Kotlin clients. */
const GROUP = 'com.chatplatform';

/**
 * A Maven local repository of its own for this run: every entry of the user's local repository
 * linked in (plugins and dependencies stay cached), except the folder of the release's own group,
 * which starts empty so that the released jars come from the release folder. The user's cache is
 * read and added to, never emptied.
 */
function localMavenRepository(): string {
  const local = freshDir('maven-repository');
  let user = join(homedir(), '.m2', 'repository');
  let into = local;
  const [first, ...rest] = GROUP.split('.');
  for (const segment of [first!, ...rest]) {
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

/** A Maven project depending on one released artifact, read from the release's repository. */
function mavenProject(name: string, artifactId: string, build: string): string {
  const dir = freshDir(name);
  writeFileSync(
    join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>example.test</groupId><artifactId>first-call</artifactId><version>1</version>
  <properties><maven.compiler.source>17</maven.compiler.source><maven.compiler.target>17</maven.compiler.target><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <kotlin.compiler.daemon>false</kotlin.compiler.daemon></properties>
  <repositories><repository><id>release</id><url>file://${join(releaseDir, 'maven')}</url></repository></repositories>
  <dependencies><dependency><groupId>${GROUP}</groupId><artifactId>${artifactId}</artifactId><version>${version()}</version></dependency></dependencies>
  ${build}
</project>`,
  );
  return dir;
}

let mavenRepository: string | undefined;

function runMaven(dir: string, mainClass: string): string {
  mavenRepository ??= localMavenRepository();
  const args = ['-B', '-q', `-Dmaven.repo.local=${mavenRepository}`, 'compile', 'dependency:build-classpath'];
  sh('mvn', [...args, '-Dmdep.outputFile=classpath.txt'], { cwd: dir, env: mavenEnv() });
  const classpath = `${join(dir, 'target', 'classes')}:${readFileSync(join(dir, 'classpath.txt'), 'utf8').trim()}`;
  return sh('java', [...SHORT_JVM_RUN, '-cp', classpath, mainClass], { cwd: dir, env: env() });
}

describe('Java and Kotlin', () => {
  it('a new Maven project reads the Java client from the release repository and makes the first call', () => {
    const dir = mavenProject('java', 'chatplatform-client', '');
    cpSync(join(installDir, 'java', 'src'), join(dir, 'src'), { recursive: true });
    expectFirstCall(runMaven(dir, 'first.FirstCall'));
  });

  it('a new Maven project reads the Kotlin client from the release repository and makes the first call', () => {
    const kotlin = `<build><sourceDirectory>src/main/kotlin</sourceDirectory><plugins><plugin>
      <groupId>org.jetbrains.kotlin</groupId><artifactId>kotlin-maven-plugin</artifactId><version>2.4.0</version>
      <configuration><jvmTarget>17</jvmTarget></configuration>
      <executions><execution><id>compile</id><goals><goal>compile</goal></goals></execution></executions>
    </plugin></plugins></build>`;
    const dir = mavenProject('kotlin', 'chatplatform-kotlin-client', kotlin);
    cpSync(join(installDir, 'kotlin', 'src'), join(dir, 'src'), { recursive: true });
    expectFirstCall(runMaven(dir, 'FirstCallKt'));
  });
});

describe('Rust', () => {
  it('a new Cargo project depends on the unpacked .crate, its dependencies from crates.io, and makes the first call', async () => {
    const dir = freshDir('rust');
    const vendor = join(dir, 'vendor');
    mkdirSync(vendor);
    await extractTarGz(artifact('rust', /\.crate$/), vendor);
    writeFileSync(
      join(dir, 'Cargo.toml'),
      `[package]\nname = "first-call"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n` +
        `chatplatform-client = { path = "vendor/chatplatform-client-${version()}" }\n` +
        // The release lock's tokio, with only the feature the client's own dependencies enable
        // (`rt`): more features make another tokio, and cargo would compile reqwest and all
        // beneath it again instead of reusing the verification build's.
        `tokio = { version = "=1.54.1", features = ["rt"] }\n`,
    );
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
    sh('gem', ['install', '--local', '--no-document', artifact('ruby', /\.gem$/)], { cwd: dir, env: gemEnv });
    expectFirstCall(
      sh('ruby', [join(installDir, 'ruby', 'first_call.rb')], { cwd: dir, env: { ...gemEnv, ...env() } }),
    );
  });
});

describe('PHP', () => {
  it('the unzipped package, loaded by its own autoload.php (Guzzle from the system), makes the first call', () => {
    const dir = freshDir('php');
    sh('python3', ['-m', 'zipfile', '--extract', artifact('php', /\.zip$/), join(dir, 'package')], { cwd: dir });
    const composer = JSON.parse(readFileSync(join(dir, 'package', 'composer.json'), 'utf8'));
    expect(composer).toMatchObject({ name: 'chatplatform/client', version: version(), license: 'MIT' });
    const run = sh('php', [join(installDir, 'php', 'first_call.php')], {
      cwd: dir,
      env: { ...env(), CHATPLATFORM_PACKAGE_DIR: join(dir, 'package') },
    });
    expectFirstCall(run);
  });
});
