// platform/no-generated-type-names: no schema component is named like a type that generators make
// for an operation out of its operationId in PascalCase (`get-call` → `GetCall`): `GetCallData`,
// `GetCallError(s)`, `GetCallResponse(s)` (@hey-api/openapi-ts), `GetCallParams` and
// `GetCallResponse` (oapi-codegen). A schema of that name collides with the generated type:
// oapi-codegen's output does not compile ("GetCallResponse redeclared in this block") and hey-api
// renames its own type (`GetCallResponse2`). The schema `CallRecordEnvelope` was once `GetCallResponse`.
import { componentName } from './named-schemas.js';
import { collectOperations } from './operations.js';

const GENERATED_SUFFIXES = ['Data', 'Error', 'Errors', 'Params', 'Response', 'Responses'];

/** `get-call` → `GetCall`, as generators name an operation's types. @param {string} operationId */
export function pascalCase(operationId) {
  return String(operationId)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function NoGeneratedTypeNames() {
  /** @type {Map<string, import('@redocly/openapi-core').Location>} schema component name → where it is defined */
  const schemas = new Map();
  return collectOperations(
    (operations, _root, ctx) => {
      for (const { operation } of operations) {
        if (typeof operation.operationId !== 'string') continue;
        const base = pascalCase(operation.operationId);
        for (const suffix of GENERATED_SUFFIXES) {
          const location = schemas.get(base + suffix);
          if (!location) continue;
          ctx.report({
            message: `Schema \`${base + suffix}\` is named as generators name the \`${suffix}\` type of operation \`${operation.operationId}\`, and the two collide (oapi-codegen's Go output does not compile, hey-api renames its own type). Rename the schema to a noun for what it holds (for example \`CallRecordEnvelope\`), its file under components/schemas/ and every $ref to it.`,
            location,
          });
        }
      }
    },
    {
      Schema: {
        enter(_schema, ctx) {
          const name = componentName(ctx.location);
          if (name !== undefined && !schemas.has(name)) schemas.set(name, ctx.location);
        },
      },
    },
  );
}
