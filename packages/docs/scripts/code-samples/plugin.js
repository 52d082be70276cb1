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

function codeSamplesDecorator() {
  let root;
  let securitySchemes = {};
  let firstCall; // Get Call's model: the first call of "Getting started"

  /** What Getting started says the mock answers without a key: Get Call's key scheme's `x-missing-key`. */
  const missingKey = () => {
    const scheme = firstCall.credentials[0]?.scheme;
    const said = securitySchemes[scheme]?.['x-missing-key'];
    if (typeof said?.status !== 'number' || typeof said['x-inferred'] !== 'string')
      throw new Error(
        `Getting started says what the mock answers without a key: give the security scheme "${scheme}" an \`x-missing-key\` with \`status\` and \`x-inferred\` (its reason) in the spec.`,
      );
    return said;
  };

  const resolve = (ctx, node) => (node && typeof node.$ref === 'string' ? ctx.resolve(node).node : node);

  return {
    Root: {
      enter(document, ctx) {
        root = document;
        securitySchemes = Object.fromEntries(
          Object.entries(document.components?.securitySchemes ?? {}).map(([name, scheme]) => [
            name,
            resolve(ctx, scheme),
          ]),
        );
      },
      leave(document) {
        if (!firstCall) throw new Error('"Getting started" shows Get Call (get-call), which the spec no longer has.');
        const facts = { model: firstCall, version: document.info.version, generatorVersion, missingKey: missingKey() };
        document.info.description = withGettingStarted(document.info.description ?? '', facts);
      },
    },
    PathItem: {
      enter(pathItem, ctx) {
        const path = ctx.key;
        if (typeof path !== 'string' || !path.startsWith('/')) return; // callbacks, webhooks
        for (const method of HTTP_METHODS) {
          const operation = pathItem[method];
          if (!operation) continue;
          const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
            resolve(ctx, p),
          );
          const [server] = effectiveServers({ operation, pathItem, root });
          if (!server)
            throw new Error(`${method.toUpperCase()} ${path}: no server applies; the code samples need one.`);
          const model = operationModel({
            method,
            path,
            operation: { ...operation, requestBody: resolve(ctx, operation.requestBody) },
            parameters,
            server,
            allServers: root.servers ?? [],
            security: operation.security ?? root.security,
            securitySchemes,
            version: root.info?.version,
          });
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
