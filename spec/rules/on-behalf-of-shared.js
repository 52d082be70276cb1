// platform/on-behalf-of-shared: the `onBehalfOf` header is defined once, as a shared parameter
// component, and every operation that accepts it references that component. An inline copy
// (any spelling: header names are case-insensitive) would drift from the shared description.
//
// A definition counts as the component when it sits under `#/components/parameters/` (one-file
// and bundled documents) or is a file of its own under a `components/parameters/` folder (the
// multi-file layout this repository uses).

const NAME = /^onbehalfof$/i;

/** @param {import('@redocly/openapi-core').Location} location */
function isComponent({ source, pointer }) {
  if (/^#\/components\/parameters\/[^/]+$/.test(pointer)) return true;
  return pointer === '#/' && /(^|[\\/])components[\\/]parameters[\\/][^\\/]+$/.test(source.absoluteRef);
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function OnBehalfOfShared() {
  const components = new Set();
  return {
    Parameter: {
      enter(parameter, ctx) {
        if (typeof parameter.name !== 'string' || !NAME.test(parameter.name)) return;
        const { location } = ctx;
        if (!isComponent(location)) {
          ctx.report({
            message:
              `Inline parameter \`${parameter.name}\` (in: ${parameter.in}). \`onBehalfOf\` must only be the shared parameter component: ` +
              'replace this definition with `$ref: <relative path>/components/parameters/onBehalfOf.yaml` (or `#/components/parameters/onBehalfOf`).',
            location: location.child('name'),
          });
          return;
        }
        components.add(`${location.source.absoluteRef}${location.pointer}`);
        if (components.size > 1) {
          ctx.report({
            message:
              'A second `onBehalfOf` parameter component. Keep one shared component and reference it everywhere; delete this one.',
            location: location.child('name'),
          });
        }
        if (parameter.name !== 'onBehalfOf' || parameter.in !== 'header') {
          ctx.report({
            message: `The shared \`onBehalfOf\` component must be the header \`onBehalfOf\` (found \`${parameter.name}\` in ${parameter.in}). Set \`name: onBehalfOf\` and \`in: header\`.`,
            location: location.child('name'),
          });
        }
      },
    },
  };
}
