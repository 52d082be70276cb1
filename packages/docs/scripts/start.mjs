#!/usr/bin/env node
// `pnpm start`: the rendered docs and the Prism mock side by side on loopback. The root script
// builds what is missing first (turbo, cached); this file only serves. Ctrl-C stops both.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startMock } from '@chatplatform/mock';
import { bundledSpecPath } from '@chatplatform/spec';

const docsPage = fileURLToPath(new URL('../dist/index.html', import.meta.url));
const usage = 'usage: pnpm start [-- --docs-port N] [--mock-port N]   (default: free ports on 127.0.0.1)';

// What the docs server answers: the page and the bundled spec it renders, nothing else.
/** @type {Record<string, { file: string, type: string }>} path -> the file and its content type */
const files = {
  '/': { file: docsPage, type: 'text/html; charset=utf-8' },
  '/openapi.yaml': { file: bundledSpecPath('yaml'), type: 'application/yaml; charset=utf-8' },
  '/openapi.json': { file: bundledSpecPath('json'), type: 'application/json; charset=utf-8' },
};
// The page's download links (relative, so they work from the file too: dist/download/).
files['/download/openapi.yaml'] = files['/openapi.yaml'];
files['/download/openapi.json'] = files['/openapi.json'];
files['/changelog.html'] = {
  file: fileURLToPath(new URL('../dist/changelog.html', import.meta.url)),
  type: 'text/html; charset=utf-8',
};

/**
 * A prerendered operation page's file (scripts/prerender-routes.mjs), `/routes/<tag>/<operationId>.js`,
 * or an area's operations (scripts/areas.mjs), `/areas/<tag>.js`.
 * @param {string} path
 */
function routeEntry(path) {
  const name = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
  const route = new RegExp(`^/((?:routes/${name}|areas)/${name}\\.js)$`).exec(path)?.[1];
  const file = route && fileURLToPath(new URL(`../dist/${route}`, import.meta.url));
  return file && existsSync(file) ? { file, type: 'text/javascript; charset=utf-8' } : undefined;
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** @param {string | undefined} value @param {string} name the option, for the message */
function port(value, name) {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    fail(`--${name} must be an integer from 0 to 65535, got "${value}".\n${usage}`);
  return n;
}

function options() {
  try {
    const { values } = parseArgs({
      options: {
        'docs-port': { type: 'string' },
        'mock-port': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    return { docsPort: port(values['docs-port'], 'docs-port'), mockPort: port(values['mock-port'], 'mock-port') };
  } catch (error) {
    return fail(`${/** @type {Error} */ (error).message}\n${usage}`);
  }
}

/**
 * The page's "Try it" panel (scripts/try-it.js) sends `/mock/<production path>` here, same origin
 * (the mock allows no cross-origin call), and the mock's own request handler answers it in this
 * process: no relay. The page's cookies are not the API's and are dropped. Nothing is logged.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {import('@chatplatform/mock').Mock | undefined} mock
 */
function answerAsMock(request, response, mock) {
  const url = /** @type {string} a server's request has one */ (request.url);
  if (!mock || url.startsWith('/mock//')) {
    // `/mock//host/…` would read as another host: only production paths of the mock are answered.
    response.writeHead(mock ? 400 : 503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(
      mock
        ? 'Only the mock answers here: /mock/<production path>, e.g. /mock/v3/calls/ID.\n'
        : 'The mock is not up yet.\n',
    );
    return;
  }
  request.url = url.slice('/mock'.length);
  delete request.headers.cookie;
  mock.handle(request, response);
}

// The page is 2.9 MB, 0.6 MB in brotli: compressed once per build (a rebuild changes the file's
// modification time, so it still shows on reload), in what the browser accepts.
/** @type {Map<string, Buffer>} file, coding and version -> the body */
const compressed = new Map();
/** The content codings an Accept-Encoding header allows (q=0 refuses one). @param {string} [header] */
function acceptedCodings(header = '') {
  /** @type {Set<string>} */
  const names = new Set();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) names.add(name);
  }
  return names;
}

/** @param {string} file @param {string | undefined} acceptEncoding the request's header */
function encoded(file, acceptEncoding) {
  const codings = acceptedCodings(acceptEncoding);
  const encoding = codings.has('br') ? 'br' : codings.has('gzip') ? 'gzip' : undefined;
  const { mtimeMs, size } = statSync(file);
  const key = `${file} ${encoding} ${mtimeMs} ${size}`;
  if (!compressed.has(key)) {
    const raw = readFileSync(file);
    const body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : encoding === 'gzip'
          ? gzipSync(raw)
          : raw;
    for (const old of compressed.keys()) if (old.startsWith(`${file} ${encoding} `)) compressed.delete(old);
    compressed.set(key, body);
  }
  return {
    body: /** @type {Buffer} set above */ (compressed.get(key)),
    encoding,
    etag: `"${Math.round(mtimeMs).toString(36)}-${size.toString(36)}-${encoding ?? 'identity'}"`,
  };
}

/**
 * @param {number} docsPort
 * @param {{ mock?: import('@chatplatform/mock').Mock }} started the mock, once it is up
 * @returns {Promise<import('node:http').Server>}
 */
function serveDocs(docsPort, started) {
  for (const { file } of Object.values(files)) {
    if (!existsSync(file))
      fail(`${file} is missing: run \`pnpm build\` first (it bundles the spec and renders the docs).`);
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/mock.json' && request.method === 'GET') {
      // The page's "Send to: the mock" setting (scripts/reader-settings.js) asks where the mock is.
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ url: started.mock?.url }));
      return;
    }
    if (path.startsWith('/mock/')) {
      answerAsMock(request, response, started.mock);
      return;
    }
    const entry = files[path === '/index.html' ? '/' : path] ?? routeEntry(path);
    if (!entry || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(entry ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(entry ? 'Method not allowed\n' : `Not found. Try / (the docs), /openapi.yaml or /openapi.json.\n`);
      return;
    }
    const { body, encoding, etag } = encoded(entry.file, request.headers['accept-encoding']);
    // Kept by the browser and revalidated on each load: a rebuild changes the tag, the same build
    // is answered 304 without sending the page again.
    const cache = { etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, cache);
      response.end();
      return;
    }
    response.writeHead(200, {
      'content-type': entry.type,
      'content-length': body.length,
      ...cache,
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(docsPort, '127.0.0.1', () => resolveServer(server));
  });
}

const { docsPort, mockPort } = options();
/** @type {import('node:http').Server | undefined} */
let docs;
/** @type {import('@chatplatform/mock').Mock} */
let mock;
/** @type {{ mock?: import('@chatplatform/mock').Mock }} */
const started = {};
try {
  docs = await serveDocs(docsPort, started);
  mock = await startMock(mockPort ? { port: mockPort } : {});
  started.mock = mock;
} catch (error) {
  docs?.close();
  fail(`Could not start: ${/** @type {Error} */ (error).message}`);
}

const server = /** @type {import('node:http').Server} the try above started it, or exited */ (docs);
const docsUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} on TCP */ (server.address()).port}/`;
console.log(`Docs  ${docsUrl}   (the bundled spec: ${docsUrl}openapi.yaml)`);
console.log(
  `Mock  ${mock.url}   (Prism, answering production paths: curl -H 'apikey: test' ${mock.url}/v3/calls/any-session-id)`,
);
console.log('Ctrl-C stops both.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  await Promise.all([new Promise((r) => server.close(r)), mock.stop()]);
  console.log('Stopped the docs server and the mock.');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
