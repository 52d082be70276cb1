// The peer generators beside OpenAPI Generator: the tools each ecosystem uses most. Each generates
// one client per address (Calls, chat, management) from that address's bundle, the only way a
// tool that ignores path-level `servers` can reach the right host, and compiles them with its own
// toolchain. The package's build prepares each (`node scripts/peers.mjs [tool...]`, turbo caching
// what it makes); test/e2e/peer-generators.test.ts checks the build made them (requireBuiltPeer) and
// runs each driver (peers/<tool>/).
// Each tool's version is pinned where its ecosystem pins it: package.json (@hey-api/openapi-ts),
// requirements.txt (openapi-python-client), peers/go/go.mod's `tool` lines (oapi-codegen, ogen),
// peers/progenitor/Cargo.toml and Cargo.lock (progenitor).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ADDRESSES } from '@chatplatform/spec';
import { addressBundle, packageDir, venvBin } from './paths.mjs';
// A failing tool's output goes into the error, which the test reports as the cell's reason.
import { capture as sh } from './run.mjs';
import { MissingToolchainError, requireTool, requireVenvTool } from './toolchain.mjs';

export { ADDRESSES } from '@chatplatform/spec';
/** @param {string} tool */
export const peerDir = (tool) => join(packageDir, 'peers', tool);
/** @param {string} tool */
export const peerOutput = (tool) => join(packageDir, 'generated', 'peers', tool);
const goModule = join(packageDir, 'peers', 'go');
const require = createRequire(import.meta.url);

/**
 * A set-up step's output is present: the check runs offline and names the step when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {Omit<import('node:child_process').SpawnSyncOptions, 'encoding'>} options
 * @param {string} what what the step fetches, for the message
 */
function requireFetched(command, args, options, what) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error || result.status !== 0) {
    throw new MissingToolchainError(
      `${what} are not fetched (\`${command} ${args.join(' ')}\` failed offline). Run \`bash scripts/setup.sh\` ` +
        'at the repository root: its step "peer generators of packages/sdks" fetches them.',
    );
  }
}

/** An empty directory at `dir`, whatever was there. @param {string} dir */
function fresh(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

function typescriptCompiler() {
  try {
    return require.resolve('typescript/bin/tsc');
  } catch {
    throw new MissingToolchainError(
      'typescript is not installed: it is a devDependency of @chatplatform/sdks; run `pnpm install` (bash scripts/setup.sh does).',
    );
  }
}

async function heyApi() {
  let createClient;
  try {
    ({ createClient } = await import('@hey-api/openapi-ts'));
  } catch (error) {
    throw new MissingToolchainError(
      `@hey-api/openapi-ts does not load (${/** @type {Error} */ (error).message}): it is a devDependency of @chatplatform/sdks; ` +
        'run `pnpm install` (bash scripts/setup.sh does).',
    );
  }
  for (const address of ADDRESSES) {
    const output = fresh(join(peerOutput('hey-api'), address));
    await createClient({ input: addressBundle(address, '3.1'), output, logs: { level: 'silent' } });
  }
  // The generated clients and the driver, type-checked strictly (the repository's tsconfig).
  sh(process.execPath, [typescriptCompiler(), '-p', join(peerDir('hey-api'), 'tsconfig.json')]);
}

function openapiPythonClient() {
  const python = requireVenvTool('python');
  requirePythonModule(python, 'openapi_python_client');
  const out = fresh(peerOutput('openapi-python-client'));
  for (const address of ADDRESSES) {
    sh(python, [
      ...['-m', 'openapi_python_client', 'generate'],
      ...['--path', addressBundle(address, '3.1')],
      ...['--output-path', join(out, `${address}_client`)],
      ...['--meta', 'none', '--config', join(peerDir('openapi-python-client'), 'config.yaml')],
    ]);
  }
  // Byte-compiles every module, then imports each client package.
  sh(venvBin('python'), ['-m', 'compileall', '-q', out]);
  sh(venvBin('python'), ['-c', ADDRESSES.map((a) => `import ${a}_client.client`).join('; ')], { env: pythonEnv() });
}

/**
 * The generator comes with the venv's pinned requirements (requirements.txt), installed by the set-up.
 * @param {string} python the venv's interpreter
 * @param {string} module
 */
export function requirePythonModule(python, module) {
  const found = spawnSync(python, ['-c', `import ${module}`], { encoding: 'utf8' });
  if (found.status !== 0) {
    throw new MissingToolchainError(
      `${module} is not installed in packages/sdks/.venv. Run \`bash scripts/setup.sh\` at the repository root ` +
        '(its step "Python packages of packages/sdks" installs packages/sdks/requirements.txt).',
    );
  }
}

export function pythonEnv() {
  return { ...process.env, PYTHONPATH: peerOutput('openapi-python-client'), PYTHONDONTWRITEBYTECODE: '1' };
}

/**
 * The `go tool` command line that generates one address's client into `dir`.
 * @typedef {(address: import('@chatplatform/spec').Address, dir: string) => string[]} GoGenerator
 */

/** @type {Record<'oapi-codegen' | 'ogen', GoGenerator>} */
const goGenerators = {
  'oapi-codegen': (address, dir) => [
    'oapi-codegen',
    ...['-config', join(goModule, 'oapi-codegen.yaml'), '-package', address],
    ...['-o', join(dir, 'client.gen.go'), addressBundle(address, '3.1')],
  ],
  ogen: (address, dir) => [
    'ogen',
    ...['-config', join(goModule, 'ogen.yml'), '-package', address, '-target', dir, '-clean'],
    ...['-loglevel', 'error', addressBundle(address, '3.1')],
  ],
};

/**
 * Go: the generator runs as a `go tool` of peers/go (its version in go.mod); vet and build there.
 * @param {keyof typeof goGenerators} tool
 */
function goPeer(tool) {
  const go = requireTool('go');
  requireFetched(
    go,
    ['mod', 'download'],
    { cwd: goModule, env: { ...process.env, GOPROXY: 'off' } },
    "peers/go's modules",
  );
  const out = fresh(join(goModule, 'generated', tool));
  for (const address of ADDRESSES) {
    const dir = fresh(join(out, address));
    sh(go, ['tool', ...goGenerators[tool](address, dir)], { cwd: goModule });
  }
  sh(go, ['vet', `./generated/${tool}/...`, `./${tool}`], { cwd: goModule });
  sh(go, ['build', '-o', goDriver(tool), `./${tool}`], { cwd: goModule });
}

/** @param {string} tool */
export const goDriver = (tool) => join(goModule, 'bin', tool);

/** progenitor runs in the driver's build.rs (a library, not a CLI), on the 3.0 bundles. */
function progenitor() {
  const cargo = requireTool('cargo');
  const manifest = ['--manifest-path', join(peerDir('progenitor'), 'Cargo.toml')];
  requireFetched(cargo, ['fetch', '--locked', '--offline', '--quiet', ...manifest], {}, "peers/progenitor's crates");
  sh(cargo, ['build', '--locked', '--quiet', ...manifest], {
    env: { ...process.env, ...progenitorSpecs() },
  });
  // cargo hard-links its binary into target/deps, which turbo cannot restore from its cache: the
  // driver the test runs (and turbo caches) is a plain copy.
  mkdirSync(join(peerDir('progenitor'), 'bin'), { recursive: true });
  copyFileSync(join(peerDir('progenitor'), 'target', 'debug', progenitorBinary), progenitorDriver);
}

export function progenitorSpecs() {
  return Object.fromEntries(
    ADDRESSES.map((address) => [`CHATPLATFORM_PEER_SPEC_${address.toUpperCase()}`, addressBundle(address, '3.0')]),
  );
}

const progenitorBinary = 'chatplatform-peer-progenitor';
export const progenitorDriver = join(peerDir('progenitor'), 'bin', progenitorBinary);

/**
 * Each peer: its language, the bundles it reads (OpenAPI version), how it generates and compiles,
 * and what that leaves for its driver to run (`built`).
 * @type {Record<string, { language: string, oas: '3.1' | '3.0', prepare: () => void | Promise<void>, built: string[] }>}
 */
export const PEERS = {
  'hey-api': {
    language: 'TypeScript',
    oas: '3.1',
    prepare: heyApi,
    built: ADDRESSES.map((address) => join(peerOutput('hey-api'), address, 'index.ts')),
  },
  'openapi-python-client': {
    language: 'Python',
    oas: '3.1',
    prepare: openapiPythonClient,
    built: ADDRESSES.map((address) => join(peerOutput('openapi-python-client'), `${address}_client`, 'client.py')),
  },
  'oapi-codegen': {
    language: 'Go',
    oas: '3.1',
    prepare: () => goPeer('oapi-codegen'),
    built: [goDriver('oapi-codegen')],
  },
  ogen: { language: 'Go', oas: '3.1', prepare: () => goPeer('ogen'), built: [goDriver('ogen')] },
  progenitor: { language: 'Rust', oas: '3.0', prepare: progenitor, built: [progenitorDriver] },
};

/**
 * Generates and compiles one peer's clients; throws with the tool's own output when either fails.
 * @param {string} tool a key of PEERS
 */
export async function preparePeer(tool) {
  await peerNamed(tool).prepare();
}

/**
 * Throws, naming the command that makes them, unless the package's build left what `tool`'s driver
 * runs: the clients it generated and compiled (a failed generation or compile fails the build).
 * @param {string} tool a key of PEERS
 */
export function requireBuiltPeer(tool) {
  const missing = peerNamed(tool).built.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `${tool}'s clients are not built (${missing.join(', ')} missing): run \`pnpm build\` at the repository root, ` +
        `or \`node scripts/peers.mjs ${tool}\` in packages/sdks.`,
    );
  }
}

/** @param {string} tool */
function peerNamed(tool) {
  const peer = PEERS[tool];
  if (!peer) throw new Error(`Unknown peer generator ${tool}; known: ${Object.keys(PEERS).join(', ')}.`);
  return peer;
}
