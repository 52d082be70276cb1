// Grows a copy of the repository's spec to N operations of the shapes real REST areas have, in the
// project's own layout (one file per path, named schemas, examples), so that every stage of the
// pipeline meets what it would meet at the platform's size. Used by bench/scale/run.mjs on a
// temporary copy only: it never writes the repository's own files.
//
// Each synthetic resource `records-<i>` lives in one area (its tag) on that area's address (the
// Calls address for the Calls area, the management address for the Management API, the chat
// address for every other area) and has up to four operations, in this order:
//   list-records-<i>    GET  /<area>/records-<i>              paginated list: query page, perPage, searchKey
//   create-records-<i>  POST /<area>/records-<i>              create body, onBehalfOf
//   get-records-<i>     GET  /<area>/records-<i>/entries/{recordId}
//   update-records-<i>  PUT  /<area>/records-<i>/entries/{recordId}   update body, onBehalfOf
// Every response and every property is described with an example; 400 is described on each; objects are open
// (`additionalProperties: true`), integers and numbers carry their format. The operationIds end in
// a number, as generated or versioned names do (list-records-0), which the generators name in
// their own way.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

let HTTP_METHODS;
let parse;
let stringify;
/** Takes the YAML library and HTTP_METHODS from the copy's spec package (the root declares neither). */
export async function useCopy(copyDir) {
  const specPackage = join(copyDir, 'spec', 'package.json');
  ({ parse, stringify } = createRequire(specPackage)('yaml'));
  ({ HTTP_METHODS } = await import(pathToFileURL(join(copyDir, 'spec', 'index.js')).href));
}

const SHAPES = ['list', 'create', 'get', 'update'];
const write = (file, value) => writeFileSync(file, stringify(value, { lineWidth: 0 }));
const slug = (tag) => tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The operations the spec has: the growth adds `target - existing` of its own. */
export function countOperations(root, specDir) {
  return Object.values(root.paths).reduce((sum, item) => {
    const pathItem = item.$ref ? parse(readFileSync(join(specDir, item.$ref), 'utf8')) : item;
    return sum + HTTP_METHODS.filter((m) => pathItem[m]).length;
  }, 0);
}

/** Every area with an address: its tag, the first path segment, the path-level servers (none: the document's). */
function areas(root, specDir) {
  const serversOf = (file) => parse(readFileSync(join(specDir, 'paths', file), 'utf8')).servers;
  return root.tags.map(({ name }) => {
    if (name === 'Calls') return { tag: name, prefix: 'calls', servers: serversOf('calls_{sessionId}.yaml') };
    if (name === 'Management API')
      return { tag: name, prefix: 'apps', servers: serversOf('apps.yaml'), management: true };
    return { tag: name, prefix: slug(name) };
  });
}

const ref = (name) => ({ $ref: `${name}.yaml` });
const object = (description, properties, required) => ({
  type: 'object',
  description,
  ...(required ? { required } : {}),
  properties,
  additionalProperties: true,
});

/** The schemas of resource i: the record, its nested details, the create/update input, the envelope and the page. */
function schemas(i) {
  const name = `ScaleRecord${i}`;
  return {
    [`${name}Details`]: object(`Details of a ${name}, nested in it.`, {
      note: { type: 'string', description: 'A free-text note.', example: 'Checked twice.' },
      weight: { type: 'number', format: 'double', description: 'A fractional weight.', example: 0.75 },
    }),
    [name]: object(
      `A record of the synthetic resource records-${i}.`,
      {
        id: { type: 'string', description: 'The record identifier.', example: `rec-${i}-1` },
        name: { type: 'string', description: 'The record name.', example: `Record ${i}` },
        count: { type: 'integer', format: 'int32', description: 'A count.', example: 3 },
        score: { type: 'number', format: 'double', description: 'A fractional score.', example: 4.5 },
        createdAt: {
          type: 'integer',
          format: 'int64',
          description: 'Creation time, Unix seconds.',
          example: 1717412345,
        },
        labels: { type: 'array', description: 'Labels.', items: { type: 'string', example: 'priority' } },
        details: ref(`${name}Details`),
      },
      ['id', 'name'],
    ),
    [`${name}Input`]: object(
      `The body that creates or updates a ${name}.`,
      {
        name: { type: 'string', description: 'The record name.', example: `Record ${i}` },
        count: { type: 'integer', format: 'int32', description: 'A count.', example: 3 },
        details: ref(`${name}Details`),
      },
      ['name'],
    ),
    [`${name}Envelope`]: object(`One ${name} in \`data\`.`, { data: ref(name) }, ['data']),
    [`${name}Page`]: object(
      `One page of ${name} records, with its pagination.`,
      {
        data: { type: 'array', description: 'The records of this page.', items: ref(name) },
        meta: ref('ScalePageMeta'),
      },
      ['data', 'meta'],
    ),
  };
}

const SHARED_SCHEMAS = {
  ScalePagination: object('Where a page stands in the whole list.', {
    total: { type: 'integer', format: 'int32', description: 'Records in the whole list.', example: 120 },
    count: { type: 'integer', format: 'int32', description: 'Records on this page.', example: 20 },
    perPage: { type: 'integer', format: 'int32', description: 'Records per page asked for.', example: 20 },
    currentPage: { type: 'integer', format: 'int32', description: 'This page, from 1.', example: 1 },
    totalPages: { type: 'integer', format: 'int32', description: 'Pages in the whole list.', example: 6 },
  }),
  ScalePageMeta: object('What comes with a page.', { pagination: ref('ScalePagination') }, ['pagination']),
};

const record = (i) => ({
  id: `rec-${i}-1`,
  name: `Record ${i}`,
  count: 3,
  score: 0.31666666666666665,
  createdAt: 1717412345,
  labels: ['alpha'],
  details: { note: 'A note.', weight: 1.5 },
});
const input = (i) => ({ name: `Record ${i}`, count: 3, details: { note: 'A note.', weight: 1.5 } });
const pagination = { total: 1, count: 1, perPage: 25, currentPage: 1, totalPages: 1 };

const json = (schemaRef, example) => ({ 'application/json': { schema: schemaRef, example } });
const responses = (description, schemaRef, example) => ({
  200: { description, content: json(schemaRef, example) },
  400: {
    description: 'The request was not accepted; the body is open.',
    content: json({ $ref: '../components/schemas/ErrorBody.yaml' }, {}),
  },
});

const QUERY = [
  ['page', { type: 'integer', format: 'int32', minimum: 1 }, 1, 'The page to return, from 1.'],
  ['perPage', { type: 'integer', format: 'int32', minimum: 1, maximum: 100 }, 25, 'Records per page.'],
  ['searchKey', { type: 'string' }, 'alpha', 'Returns only the records whose name contains it.'],
];

/** One operation of resource i in an area. */
function operation(shape, i, area) {
  const name = `ScaleRecord${i}`;
  const schema = (n) => ({ $ref: `../components/schemas/${n}.yaml` });
  const security = area.management ? [{ managementKey: [], managementSecret: [] }] : [{ apiKey: ['fullAccess'] }];
  const onBehalfOf = area.management ? [] : [{ $ref: '../components/parameters/onBehalfOf.yaml' }];
  const body = (what) => ({
    required: true,
    description: `The record to ${what}.`,
    content: json(schema(`${name}Input`), input(i)),
  });
  const common = { tags: [area.tag], security };
  const ops = {
    list: {
      summary: `List records ${i}`,
      description: `Lists the records of records-${i}, one page at a time.`,
      parameters: QUERY.map(([n, s, example, description]) => ({
        name: n,
        in: 'query',
        required: false,
        description,
        schema: s,
        example,
      })),
      responses: responses('One page of records.', schema(`${name}Page`), { data: [record(i)], meta: { pagination } }),
    },
    create: {
      summary: `Create a record ${i}`,
      description: `Creates a record of records-${i}.`,
      parameters: onBehalfOf,
      requestBody: body('create'),
      responses: responses('The record created.', schema(`${name}Envelope`), { data: record(i) }),
    },
    get: {
      summary: `Get a record ${i}`,
      description: `Returns one record of records-${i}.`,
      responses: responses('The record.', schema(`${name}Envelope`), { data: record(i) }),
    },
    update: {
      summary: `Update a record ${i}`,
      description: `Updates one record of records-${i}.`,
      parameters: onBehalfOf,
      requestBody: body('update'),
      responses: responses('The record updated.', schema(`${name}Envelope`), { data: record(i) }),
    },
  };
  const { parameters, ...rest } = ops[shape];
  return { operationId: `${shape}-records-${i}`, ...rest, ...common, ...(parameters?.length ? { parameters } : {}) };
}

const RECORD_ID = {
  name: 'recordId',
  in: 'path',
  required: true,
  description: 'The record to act on.',
  schema: { type: 'string', minLength: 1 },
  example: 'rec-1',
};

/**
 * Adds operations to the spec in `specDir` until it has `target`; returns how many it added.
 */
export function growSpec(specDir, target) {
  const rootFile = join(specDir, 'openapi.yaml');
  const root = parse(readFileSync(rootFile, 'utf8'));
  const missing = target - countOperations(root, specDir);
  if (missing <= 0) return 0;
  const places = areas(root, specDir);
  const schemaDir = join(specDir, 'components', 'schemas');
  mkdirSync(schemaDir, { recursive: true });
  for (const [name, schema] of Object.entries(SHARED_SCHEMAS)) write(join(schemaDir, `${name}.yaml`), schema);
  for (let i = 0, added = 0; added < missing; i++) {
    const area = places[i % places.length];
    for (const [name, schema] of Object.entries(schemas(i))) write(join(schemaDir, `${name}.yaml`), schema);
    const collection = `/${area.prefix}/records-${i}`;
    // Not `${collection}/{recordId}`: beside /users/{uid}/auth_tokens that path would be ambiguous.
    const item = `${collection}/entries/{recordId}`;
    const files = { [collection]: {}, [item]: { parameters: [RECORD_ID] } };
    for (const shape of SHAPES.slice(0, Math.min(SHAPES.length, missing - added))) {
      const method = { list: 'get', create: 'post', get: 'get', update: 'put' }[shape];
      files[['list', 'create'].includes(shape) ? collection : item][method] = operation(shape, i, area);
      added++;
    }
    for (const [path, pathItem] of Object.entries(files)) {
      if (!HTTP_METHODS.some((m) => pathItem[m])) continue;
      const file = `${path.slice(1).replaceAll('/', '_')}.yaml`;
      write(join(specDir, 'paths', file), area.servers ? { servers: area.servers, ...pathItem } : pathItem);
      root.paths[path] = { $ref: `paths/${file}` };
    }
  }
  write(rootFile, root);
  return missing;
}
