// Operations with query parameters (a paginated list, as the platform's List Calls and every list
// have): the spec has none yet, so a fixture spec of that shape is generated into the Go, Java,
// Kotlin, Rust, Ruby and PHP clients as @chatplatform/sdks generates its own (its `generate`: the
// pinned OpenAPI Generator, this repository's settings and templates, its warning gate), its
// samples rendered by scripts/code-samples as the docs render them, then compiled
// and run against a Prism mock of the fixture that refuses a request whose query parameters are
// missing or of another type (`errors`: request violations are answered with an error). The mock
// answers in this process behind a listener that keeps each request's address, so each sample's
// query string is checked against every parameter it was given, the optional ones too (the mock
// refuses only a required one missing).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Mock, startMock } from '@chatplatform/mock';
import { generate } from '@chatplatform/sdks/generate';
import { generatorJar } from '@chatplatform/sdks/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { operationModel } from '../../scripts/code-samples/operation-model.js';
import { renderSamples } from '../../scripts/code-samples/render.js';
import { artifactPath } from '../support/docs.js';
import { type Clients, sdkRunnersFor } from '../support/sdk-sample-runners.js';

const server = {
  url: 'https://{appId}.api-{region}.example.test/v3',
  variables: { appId: { default: 'your-app-id' }, region: { default: 'us', enum: ['us', 'eu'] } },
};
const parameters = [
  { name: 'page', in: 'query', required: true, schema: { type: 'integer', format: 'int32', minimum: 1 }, example: 2 },
  { name: 'searchKey', in: 'query', required: true, schema: { type: 'string', minLength: 1 }, example: 'alpha' },
  { name: 'perPage', in: 'query', schema: { type: 'integer', format: 'int32', maximum: 100 }, example: 25 },
  { name: 'since', in: 'query', schema: { type: 'integer', format: 'int64' }, example: 4102444800 },
  { name: 'minScore', in: 'query', schema: { type: 'number', format: 'double' }, example: 0.5 },
  { name: 'withDeleted', in: 'query', schema: { type: 'boolean' }, example: true },
];
const operation = {
  operationId: 'list-records',
  summary: 'List records',
  tags: ['Records'],
  parameters,
  responses: {
    '200': {
      description: 'One page of records.',
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/RecordPage' },
          example: { data: [{ id: 'record-from-the-fixture' }] },
        },
      },
    },
  },
};
const securitySchemes = { apiKey: { type: 'apiKey', in: 'header', name: 'apikey' } };
const fixture = {
  openapi: '3.1.0',
  info: { title: 'Query parameters fixture', version: '3.0.0' },
  servers: [server],
  security: [{ apiKey: [] }],
  tags: [{ name: 'Records', description: 'Records of the fixture.' }],
  paths: { '/records': { get: operation } },
  components: {
    securitySchemes,
    schemas: {
      RecordPage: {
        type: 'object',
        properties: { data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } },
      },
    },
  },
};

/** The samples as the docs' decorator renders them, from the same model. */
const samples = Object.fromEntries(
  renderSamples(
    operationModel({
      method: 'get',
      path: '/records',
      operation,
      parameters,
      server,
      allServers: [server],
      security: fixture.security,
      securitySchemes,
      version: fixture.info.version,
    }),
  ).map(({ label, source }) => [label, source]),
);
const serverUrl = 'https://your-app-id.api-us.example.test/v3';
const LANGUAGES = { Go: 'go', Java: 'java', Kotlin: 'kotlin', Rust: 'rust', Ruby: 'ruby', PHP: 'php' } as const;

const dir = artifactPath('query-fixture');
const specFile = join(dir, 'openapi.yaml');
const out = (lang: string) => join(dir, lang);

/** The fixture's clients, where the runners look for them; Java and Kotlin compile with the samples. */
const clients: Clients = {
  go: () => out('go'),
  java: () => ({ project: out('java') }),
  kotlin: () => ({ sources: join(out('kotlin'), 'src', 'main', 'kotlin') }),
  rust: () => out('rust'),
  rubyLib: () => join(out('ruby'), 'lib'),
  phpAutoload: () => {
    const file = join(dir, 'php-autoload.php');
    writeFileSync(
      file,
      [
        '<?php',
        "require 'GuzzleHttp/autoload.php';",
        'spl_autoload_register(function (string $class): void {',
        "    $prefix = 'ChatPlatform\\\\Client\\\\';",
        '    if (!str_starts_with($class, $prefix)) return;',
        `    $file = ${JSON.stringify(join(out('php'), 'lib'))} . '/' . str_replace('\\\\', '/', substr($class, strlen($prefix))) . '.php';`,
        '    if (is_file($file)) require $file;',
        '});',
      ].join('\n'),
    );
    return file;
  },
};
const runners = sdkRunnersFor(clients);

let mock: Mock;
/** The mock's handler behind a listener of this test's: what the samples call. */
let front: Server;
/** The fixture's server URL at the front (production path, the front's origin). */
let frontServerUrl: string;
/** The address of each request the front passed to the mock, in order. */
const received: URL[] = [];
beforeAll(async () => {
  if (!existsSync(generatorJar))
    throw new Error(`${generatorJar} is missing: scripts/setup.sh copies the pinned OpenAPI Generator there.`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(specFile, stringify(fixture));
  for (const lang of Object.values(LANGUAGES)) {
    generate(generatorJar, specFile, lang, fixture.info.version, out(lang));
    // generate() waits for the generator synchronously: let the worker talk to vitest between runs.
    await new Promise((resolve) => setImmediate(resolve));
  }
  mock = await startMock({ spec: specFile, errors: true });
  front = createServer((request, response) => {
    received.push(new URL(request.url!, 'http://front'));
    mock.handle(request, response);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontServerUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}${new URL(serverUrl).pathname}`;
}, 600_000); // six generator runs: a bound on a hang, not a speed goal
afterAll(async () => {
  await new Promise((resolve) => (front ? front.close(resolve) : resolve(undefined)));
  await mock?.stop();
});

/** Each parameter with the example a sample passes, as a query string carries it (sorted by name). */
const givenQuery = parameters.map(({ name, example }) => [name, String(example)]).sort();

describe('samples of an operation with query parameters, with clients generated from a fixture spec', () => {
  it('the mock refuses the list without its required query parameters (so a sample that drops them fails)', async () => {
    const response = await fetch(mock.urlFor(`${serverUrl}/records`), { headers: { apikey: 'k' } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const typed = await fetch(mock.urlFor(`${serverUrl}/records?page=two&searchKey=alpha`), {
      headers: { apikey: 'k' },
    });
    expect(typed.status).toBeGreaterThanOrEqual(400);
  });

  it.each(Object.keys(LANGUAGES))(
    '%s: the sample passes every query parameter, compiles and runs against the mock',
    async (label) => {
      const source = samples[label] as string;
      for (const { name, example } of parameters) expect(source, `${label} passes ${name}`).toContain(String(example));
      expect(source).toContain(serverUrl);
      const compiled = await runners[label]!({ 'list-records': source.replaceAll(serverUrl, frontServerUrl) });
      try {
        received.length = 0;
        const result = await compiled.run('list-records', { CHATPLATFORM_API_KEY: 'docs-test-api-key' });
        expect(result.status, `${result.stderr}\n${source}`).toBe(0);
        expect(result.stdout).toContain('record-from-the-fixture');
        // What the mock received: every parameter the sample was given, with its value, and no other.
        const lists = received.filter((url) => url.pathname === `${new URL(serverUrl).pathname}/records`);
        expect(lists, `${label}: requests the mock received`).toHaveLength(1);
        expect([...lists[0]!.searchParams].sort(), `${label}: query string`).toEqual(givenQuery);
      } finally {
        compiled.close();
      }
    },
    600_000, // a cold compile of a generated client: a bound on a hang, not a speed goal
  );
});
