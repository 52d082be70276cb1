// Runs the code samples of the docs exactly as a reader would, against the Prism mock. The only
// change to a sample is where it sends its request: the curl URL's server part is replaced by the
// mock's address, and the TypeScript and Python clients get the mock as their base URL.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { venvBin } from '@chatplatform/sdks/paths';
import ts from 'typescript';
import { artifactPath, clientEntry } from './docs.js';
import { hostScript, SampleHost } from './sample-host.js';

const run = promisify(execFile);

export interface SampleRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Only what a sample needs from the environment: PATH, HOME and the credentials given. */
function sampleEnv(credentials: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...credentials };
}

/** Runs a compiled sample with only PATH, HOME and the credentials in its environment. */
export function runSample(file: string, args: string[], credentials: Record<string, string>): Promise<SampleRun> {
  return exec(file, args, sampleEnv(credentials));
}

async function exec(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<SampleRun> {
  try {
    const { stdout, stderr } = await run(file, args, { env, timeout: 20_000 });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string; message: string };
    if (e.code === 'ENOENT') throw new Error(`${file} is not installed: ${e.message}`);
    return { status: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? e.message };
  }
}

// ---- curl ------------------------------------------------------------------------------------

export interface CurlResult extends SampleRun {
  httpStatus: number;
  body: string;
}

export async function runCurlSample(
  source: string,
  serverUrl: string,
  mockUrl: string,
  credentials: Record<string, string>,
): Promise<CurlResult> {
  if (!source.includes(serverUrl)) throw new Error(`the curl sample does not address ${serverUrl}:\n${source}`);
  // A function named curl wraps the real one to report the status; the sample's text is unchanged.
  const script = [
    `curl() { command curl --silent --show-error --write-out '\\n%{http_code}' "$@"; }`,
    source.replaceAll(serverUrl, mockUrl),
  ].join('\n');
  const result = await exec('bash', ['-c', script], sampleEnv(credentials));
  if (/curl: command not found/.test(result.stderr)) {
    throw new Error('curl is not installed: `apt-get install curl` (scripts/setup.sh installs it).');
  }
  const lines = result.stdout.split('\n');
  const httpStatus = Number(lines.pop());
  return { ...result, httpStatus, body: lines.join('\n') };
}

// ---- TypeScript ------------------------------------------------------------------------------

const CLIENT_SPECIFIER = '@chatplatform/client';
/** One Node process runs every TypeScript sample of a test file (sample-hosts/node_host.mjs); it ends with the file. */
const typeScriptHost = new SampleHost(process.execPath, [hostScript('node_host.mjs')]);

function samplesDir(): string {
  const dir = artifactPath('code-samples');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Type-checks every TypeScript sample against the built client's declarations; returns the errors. */
export function typecheckTypeScriptSamples(samples: Record<string, string>): string[] {
  const dir = samplesDir();
  const files = Object.entries(samples).map(([name, source]) => {
    const file = join(dir, `${name}.ts`);
    writeFileSync(file, source);
    return file;
  });
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    skipLibCheck: true,
    paths: { [CLIENT_SPECIFIER]: [clientEntry().types] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${(where?.line ?? 0) + 1}` : '';
    return `${file} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** Runs one TypeScript sample with node; its client is pointed at the mock. */
export function runTypeScriptSample(
  name: string,
  source: string,
  mockUrl: string,
  credentials: Record<string, string>,
): Promise<SampleRun> {
  return runTypeScriptWith(
    name,
    source,
    '(options = {}) => client.createClient({ ...options, baseUrl: process.env.SAMPLE_BASE_URL })',
    { ...credentials, SAMPLE_BASE_URL: mockUrl },
  );
}

/**
 * Runs one TypeScript sample with node, its client left to build its own addresses (from the app
 * and region the sample gives): its requests to `origin` go to the mock, any other fails the run.
 */
export function runTypeScriptSampleAt(
  name: string,
  source: string,
  { origin, mockUrl }: { origin: string; mockUrl: string },
  credentials: Record<string, string>,
): Promise<SampleRun> {
  const fetchToMock = [
    '(request, init) => {',
    '  const url = new URL(request.url);',
    "  if (url.origin !== process.env.SAMPLE_ORIGIN) throw new Error('the sample sent to ' + url.origin + ', not ' + process.env.SAMPLE_ORIGIN);",
    '  return fetch(new Request(process.env.SAMPLE_BASE_URL + url.pathname + url.search, request), init);',
    '}',
  ].join('\n');
  return runTypeScriptWith(
    name,
    source,
    `(options = {}) => client.createClient({ ...options, fetch: ${fetchToMock} })`,
    {
      ...credentials,
      SAMPLE_ORIGIN: origin,
      SAMPLE_BASE_URL: mockUrl,
    },
  );
}

/** The sample, transpiled, with its import of the client replaced by one whose createClient is `createClient`. */
async function runTypeScriptWith(
  name: string,
  source: string,
  createClient: string,
  env: Record<string, string>,
): Promise<SampleRun> {
  const dir = samplesDir();
  const clientUrl = pathToFileURL(clientEntry().module).href;
  const shim = join(dir, `${name}-client.mjs`);
  writeFileSync(
    shim,
    [
      `import * as client from ${JSON.stringify(clientUrl)};`,
      `export * from ${JSON.stringify(clientUrl)};`,
      `export const createClient = ${createClient};`,
    ].join('\n'),
  );
  const js = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  const from = `from '${CLIENT_SPECIFIER}'`;
  if (!js.includes(from)) throw new Error(`the TypeScript sample does not import ${CLIENT_SPECIFIER}:\n${source}`);
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, js.replace(from, `from ${JSON.stringify(pathToFileURL(shim).href)}`));
  return typeScriptHost.run(file, env);
}

// ---- Python ----------------------------------------------------------------------------------

/** The venv the @chatplatform/sdks build installs the generated chatplatform_client into. */
export const pythonVenv: string = venvBin('python');

/** Runs one Python sample with the venv's python; the sample's host is replaced by the mock's address. */
export async function runPythonSample(
  name: string,
  source: string,
  serverUrl: string,
  mockUrl: string,
  credentials: Record<string, string>,
): Promise<SampleRun> {
  if (!existsSync(pythonVenv)) {
    throw new Error(
      `${pythonVenv} is missing, so the Python samples cannot run: \`pnpm build\` at the repository root ` +
        'generates the Python client and installs it there (@chatplatform/sdks build, after scripts/setup.sh).',
    );
  }
  if (!source.includes(serverUrl)) throw new Error(`the Python sample does not address ${serverUrl}:\n${source}`);
  const file = join(samplesDir(), `${name}.py`);
  writeFileSync(file, source.replaceAll(serverUrl, mockUrl));
  return exec(pythonVenv, [file], sampleEnv(credentials));
}
