// platform/region-variable: a server's `region` variable offers exactly the platform's data
// centers (option `regions`, set in redocly.yaml), and its default is one of them.

/**
 * @param {{ regions?: string[] }} [options] the `platform/region-variable` options of redocly.yaml
 * @returns {import('@redocly/openapi-core').Oas3Visitor}
 */
export function RegionVariable({ regions } = {}) {
  if (!Array.isArray(regions) || regions.length === 0) {
    throw new Error(
      'platform/region-variable needs the option `regions` (the list of data centers, e.g. [us, eu, in]) in redocly.yaml.',
    );
  }
  const expected = [...regions].sort();
  const list = regions.map((r) => `\`${r}\``).join(', ');
  return {
    ServerVariable: {
      enter(variable, ctx) {
        if (ctx.key !== 'region') return;
        const actual = Array.isArray(variable.enum) ? [...variable.enum].map(String).sort() : [];
        if (actual.length !== expected.length || actual.some((r, i) => r !== expected[i])) {
          ctx.report({
            message: `Server variable \`region\` must have \`enum\` exactly ${list} (found ${variable.enum ? JSON.stringify(variable.enum) : 'no enum'}). Set \`enum: [${regions.join(', ')}]\`.`,
            location: ctx.location.child(variable.enum ? 'enum' : []),
          });
        }
        if (!regions.includes(variable.default)) {
          ctx.report({
            message: `Server variable \`region\` has default \`${variable.default}\`, which is not one of ${list}. Set \`default\` to one of them.`,
            location: ctx.location.child('default'),
          });
        }
      },
    },
  };
}
