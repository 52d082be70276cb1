// What the client can send, checked against the spec at generation (scripts/generate.mjs):
// openapi-fetch serializes path parameters (style simple), query parameters (the client sets its
// serializer to style form, explode true: the spec's default for a query), header parameters
// and JSON bodies; a spec that asks for another style, a cookie parameter or another body type
// stops the build, rather than the client sending it wrong.
import { resolveRef } from '@chatplatform/spec';

/** How each location is serialized by the client (OpenAPI's defaults). @type {Record<string, string>} */
const STYLES = { path: 'simple', query: 'form', header: 'simple' };

/**
 * A parameter with its `$ref` followed.
 * @param {object} spec
 * @returns {(node: unknown) => { name: string, in: string, style?: string, explode?: boolean, allowReserved?: boolean }}
 */
const parameterIn = (spec) => (node) => resolveRef(spec, node);

/**
 * Throws, naming the operation (`where`) and what the client cannot send, if `op` of path `item` needs more.
 * @param {object} spec the document `$ref`s resolve in
 * @param {string} where
 * @param {Record<string, any>} item
 * @param {Record<string, any>} op
 */
export function checkSupported(spec, where, item, op) {
  for (const parameter of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(parameterIn(spec))) {
    const style = STYLES[parameter?.in];
    if (!style) {
      throw new Error(
        `${where}: parameter ${parameter?.name} is in ${parameter?.in}; the client sends path, query and header parameters only`,
      );
    }
    const explode = parameter.explode ?? style === 'form';
    if ((parameter.style ?? style) !== style || explode !== (style === 'form') || parameter.allowReserved) {
      throw new Error(
        `${where}: parameter ${parameter.name} (in ${parameter.in}) is not style ${style}, explode ${style === 'form'}; the client serializes ${parameter.in} parameters that way only`,
      );
    }
  }
  for (const type of Object.keys(
    /** @type {{ content?: object } | undefined} */ (resolveRef(spec, op.requestBody))?.content ?? {},
  )) {
    if (!/^application\/(.+\+)?json$/.test(type)) {
      throw new Error(`${where}: request body ${type}; the client sends JSON bodies only`);
    }
  }
}
