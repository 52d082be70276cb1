// platform/operation-security: every REST operation requires the `apikey` header; the management
// API requires the `key` and `secret` headers together and never `apikey`.
//
// Schemes are recognised by what they send (an apiKey scheme in the header `apikey`, `key` or
// `secret`), not by their component names. An operation belongs to the management API when it is
// served from the management address (see addresses.js): the address decides which credentials
// the platform accepts, whereas a tag only groups operations in the docs.
// platform/management-api-tag keeps the `Management API` tag and the address in step.
//
// Option `apiKeyScopes`: the key scopes an `apikey` requirement may name as OpenAPI 3.1 roles.

import { describeOperation, isManagementOperation } from './addresses.js';
import { collectOperations } from './operations.js';

const APIKEY_SCHEME = 'an apiKey scheme with `in: header` and `name: apikey`';

/**
 * @param {{ apiKeyScopes?: string[] }} [options] the `platform/operation-security` options of redocly.yaml
 * @returns {import('@redocly/openapi-core').Oas3Visitor}
 */
export function OperationSecurity({ apiKeyScopes } = {}) {
  /** @type {Map<string, string>} scheme component name -> header it sends ('apikey' | 'key' | 'secret' | other) */
  const headerOf = new Map();

  return collectOperations(
    (operations, root, ctx) => {
      /** @param {string} header @returns {string[]} the names of the schemes sending it */
      const schemesSending = (header) => [...headerOf].filter(([, h]) => h === header).map(([n]) => n);
      const schemes = {
        apikey: schemesSending('apikey'),
        key: schemesSending('key'),
        secret: schemesSending('secret'),
      };
      for (const op of operations) {
        const requirements = op.operation.security ?? root.security ?? [];
        const where = op.operation.security ? op.location.child('security') : op.location;
        const check = { what: describeOperation(op), requirements, schemes, apiKeyScopes };
        /** @type {Report} */
        const report = (message) => ctx.report({ message, location: where });
        if (isManagementOperation(op)) checkManagementOperation(check, report);
        else checkRestOperation(check, report);
      }
    },
    {
      SecurityScheme: {
        enter(scheme, ctx) {
          if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') {
            headerOf.set(String(ctx.key), scheme.name.toLowerCase());
          }
        },
      },
    },
  );
}

/**
 * @typedef {import('@redocly/openapi-core').Oas3SecurityRequirement} Requirement scheme name -> roles
 * @typedef {{ what: string, requirements: Requirement[], apiKeyScopes?: string[],
 *   schemes: { apikey: string[], key: string[], secret: string[] } }} SecurityCheck
 * @typedef {(message: string) => void} Report
 */

/**
 * A management operation: `key` and `secret` together in every requirement, never `apikey`.
 * @param {SecurityCheck} check
 * @param {Report} report
 */
function checkManagementOperation({ what, requirements, schemes }, report) {
  if (!schemes.key.length || !schemes.secret.length) {
    report(
      `${what} is a management API operation, but no security schemes for the management headers exist. ` +
        'Define apiKey schemes with `in: header` and `name: key`, and `name: secret`, under components.securitySchemes.',
    );
    return;
  }
  /** @param {string[]} names @param {Requirement} req */
  const sendsOneOf = (names, req) => names.some((n) => n in req);
  const ok =
    requirements.length > 0 &&
    requirements.every(
      (req) => sendsOneOf(schemes.key, req) && sendsOneOf(schemes.secret, req) && !sendsOneOf(schemes.apikey, req),
    );
  if (!ok) {
    report(
      `${what} is served from the management address, so it must require the \`key\` and \`secret\` headers ` +
        `together and never \`apikey\`. Set its security to one requirement object holding both, for example ` +
        `\`security: [{ ${schemes.key[0]}: [], ${schemes.secret[0]}: [] }]\`.`,
    );
  }
}

/**
 * Any other operation: `apikey` in every requirement, no management header, known key scopes.
 * @param {SecurityCheck} check
 * @param {Report} report
 */
function checkRestOperation({ what, requirements, schemes, apiKeyScopes }, report) {
  const { apikey } = schemes;
  if (!apikey.length) {
    report(
      `${what} must require the \`apikey\` header, but no scheme sends it. Define ${APIKEY_SCHEME} under components.securitySchemes.`,
    );
    return;
  }
  if (requirements.length === 0 || requirements.some((req) => !apikey.some((n) => n in req))) {
    report(
      `${what} must require the \`apikey\` header in every security requirement (an empty or alternative ` +
        `requirement without it lets a request through unauthenticated). Use \`security: [{ ${apikey[0]}: [fullAccess] }]\` ` +
        'or add the apikey scheme to each requirement object.',
    );
    return;
  }
  if (requirements.some((req) => [...schemes.key, ...schemes.secret].some((n) => n in req))) {
    report(
      `${what} is not a management API operation, so it must not require the management \`key\`/\`secret\` headers. Remove them from its security.`,
    );
  }
  if (apiKeyScopes) checkKeyScopes({ what, requirements, apikey, apiKeyScopes }, report);
}

/**
 * Each `apikey` requirement names one or more of the configured key scopes as its roles.
 * @param {{ what: string, requirements: Requirement[], apikey: string[], apiKeyScopes: string[] }} check
 * @param {Report} report
 */
function checkKeyScopes({ what, requirements, apikey, apiKeyScopes }, report) {
  for (const req of requirements) {
    for (const name of apikey.filter((n) => n in req)) {
      const scopes = req[name] ?? [];
      const unknown = scopes.filter((s) => !apiKeyScopes.includes(s));
      if (scopes.length > 0 && unknown.length === 0) continue;
      report(
        `${what} must name the key scopes it accepts as security roles of \`${name}\` ` +
          `(one or more of ${apiKeyScopes.map((s) => `\`${s}\``).join(', ')})` +
          (unknown.length ? `; unknown: ${unknown.map((s) => `\`${s}\``).join(', ')}` : '; the list is empty') +
          `. For example \`${name}: [fullAccess]\`.`,
      );
    }
  }
}
