// Redocly plugin: the `code-samples` decorator adds `x-codeSamples` (curl, TypeScript, and each client
// CI builds) to every operation while the spec is bundled, and "Getting started" to the description. The hand-written sources hold no sample; the samples are
// rendered from each operation's own servers, parameters, examples and security, so they follow the
// spec when it changes. The tests run every sample against the Prism mock.
import { generatorVersion } from '@chatplatform/sdks/paths';
import { effectiveServers, HTTP_METHODS } from '@chatplatform/spec';
import { conditionalAsProse } from '../reading/conditional-as-prose.js';
import { inferredMarks } from '../reading/inferred-marks.js';
import { licenseName } from '../reading/license-name.js';
import { openObjects } from '../reading/open-objects.js';
import { schemesByHeader } from '../reading/schemes-by-header.js';
import { unspecifiedAreas } from '../reading/unspecified-areas.js';
import { unwrapDescriptions } from '../reading/unwrap-lines.js';
import { withGettingStarted } from './getting-started.js';
import { operationModel } from './operation-model.js';
import { renderSamples } from './render.js';

/**
 * @typedef {import('@redocly/openapi-core').Oas3_1Definition & { info: import('@redocly/openapi-core').Oas3Info }} Document
 * @typedef {import('@redocly/openapi-core').UserContext} Context
 * @typedef {import('./operation-model.js').OperationModel} OperationModel
 * @typedef {import('./operation-model.js').SecurityScheme & { 'x-missing-key'?: { status?: unknown, 'x-inferred'?: unknown } }} SecurityScheme
 */

/**
 * An operation's model for its samples, its parameters and body resolved (what they hold, examples
 * and schemas, is read as the model's plain types).
 * @param {{ method: import('@chatplatform/spec').HttpMethod, path: string, pathItem: import('@redocly/openapi-core').Oas3PathItem, root: Document, securitySchemes: Record<string, SecurityScheme | undefined> }} at
 * @param {(node: import('@redocly/openapi-core').Referenced<object> | undefined) => unknown} resolve the node a `$ref` points at
 * @returns {OperationModel}
 */
function modelOf({ method, path, pathItem, root, securitySchemes }, resolve) {
  const operation = /** @type {import('@redocly/openapi-core').Oas3Operation} */ (pathItem[method]);
  const parameters = /** @type {import('./operation-model.js').Parameter[]} */ (
    [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => resolve(parameter))
  );
  const requestBody = /** @type {import('./operation-model.js').RequestBody | undefined} */ (
    resolve(operation.requestBody)
  );
  const [server] = effectiveServers({ operation, pathItem, root });
  if (!server) throw new Error(`${method.toUpperCase()} ${path}: no server applies; the code samples need one.`);
  return operationModel({
    method,
    path,
    operation: { ...operation, requestBody },
    parameters,
    server,
    allServers: root.servers ?? [],
    security: operation.security ?? root.security,
    securitySchemes,
    version: root.info?.version,
  });
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
function codeSamplesDecorator() {
  /** @type {Document} */
  let root = { openapi: '', info: { title: '', version: '' } };
  /** @type {Record<string, SecurityScheme | undefined>} */
  let securitySchemes = {};
  /** @type {OperationModel | undefined} Get Call's model: the first call of "Getting started" */
  let firstCall;

  /** What Getting started says the mock answers without a key: Get Call's key scheme's `x-missing-key`. */
  /** @param {OperationModel} call @returns {{ status: number, 'x-inferred': string }} */
  const missingKey = (call) => {
    const scheme = call.credentials[0]?.scheme;
    const said = securitySchemes[scheme ?? '']?.['x-missing-key'];
    if (typeof said?.status !== 'number' || typeof said['x-inferred'] !== 'string')
      throw new Error(
        `Getting started says what the mock answers without a key: give the security scheme "${scheme}" an \`x-missing-key\` with \`status\` and \`x-inferred\` (its reason) in the spec.`,
      );
    return { status: said.status, 'x-inferred': said['x-inferred'] };
  };

  /**
   * The node a `$ref` points at (the node itself when it is none).
   * @template {object} T
   * @param {Context} ctx
   * @param {import('@redocly/openapi-core').Referenced<T> | undefined} node
   * @returns {T | undefined}
   */
  const resolve = (ctx, node) =>
    node && typeof node === 'object' && '$ref' in node && typeof node.$ref === 'string'
      ? ctx.resolve(/** @type {import('@redocly/openapi-core').Referenced<T>} */ (node)).node
      : /** @type {T | undefined} */ (node);

  return {
    Root: {
      enter(document, ctx) {
        // An OpenAPI 3.1 bundle: `info` is required.
        root = /** @type {Document} */ (document);
        securitySchemes = Object.fromEntries(
          Object.entries(document.components?.securitySchemes ?? {}).map(([name, scheme]) => [
            name,
            resolve(ctx, scheme),
          ]),
        );
      },
      leave(document) {
        if (!firstCall) throw new Error('"Getting started" shows Get Call (get-call), which the spec no longer has.');
        const { info } = /** @type {Document} */ (document);
        const facts = { model: firstCall, version: info.version, generatorVersion, missingKey: missingKey(firstCall) };
        info.description = withGettingStarted(info.description ?? '', facts);
      },
    },
    PathItem: {
      enter(pathItem, ctx) {
        const path = ctx.key;
        if (typeof path !== 'string' || !path.startsWith('/')) return; // callbacks, webhooks
        for (const method of HTTP_METHODS) {
          const operation = pathItem[method];
          if (!operation) continue;
          const model = modelOf({ method, path, pathItem, root, securitySchemes }, (node) => resolve(ctx, node));
          operation['x-codeSamples'] = renderSamples(model);
          if (model.operationId === 'get-call') firstCall = model;
        }
      },
    },
  };
}

export default function chatplatformDocsPlugin() {
  return {
    id: 'chatplatform-docs',
    decorators: {
      oas3: {
        'code-samples': codeSamplesDecorator,
        'conditional-as-prose': conditionalAsProse,
        'license-name': licenseName,
        'open-objects': openObjects,
        'inferred-marks': inferredMarks,
        'schemes-by-header': schemesByHeader(HTTP_METHODS),
        'unspecified-areas': unspecifiedAreas(HTTP_METHODS),
        'unwrap-descriptions': unwrapDescriptions,
      },
    },
  };
}
