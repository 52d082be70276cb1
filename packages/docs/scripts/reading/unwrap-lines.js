// The spec's prose is wrapped at 100 columns. Markdown reads a single line break inside a paragraph
// as a space, but Redoc's search index drops it: snippets glue the words on either side
// ("individualmetrics"). In the docs' copy of the bundle only, every description has the lines of
// each paragraph (and of each list item) joined with a space; tables, headings, lists' own lines,
// block quotes, HTML and fenced code keep their lines. Then each table cell and list item ends with
// an encoded space, so the search keeps the words of two cells or items apart too (search-spacing.js).
import { FENCE, HARD_BREAK, spaceBlocks } from './search-spacing.js';

const STARTS_BLOCK = /^(\||#|>|<|```|~~~|[-*+]\s|\d+[.)]\s|(=+|-+)\s*$)/;
/** Walked past: values, not prose (an example may well have a `description` field). */
const NOT_PROSE = new Set(['example', 'examples', 'default', 'const', 'enum', 'x-codeSamples']);

/** @param {string} previous the line so far @param {string} line the next one */
function joins(previous, line) {
  const before = previous.trim();
  const after = line.trim();
  if (!before || !after) return false;
  if (/^(\||#|>|<)/.test(before) || FENCE.test(before) || HARD_BREAK.test(previous)) return false;
  return !STARTS_BLOCK.test(after);
}

/** Markdown with each paragraph's soft line breaks made spaces. @param {string} markdown */
export function unwrapLines(markdown) {
  /** @type {string[]} */
  const out = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    const fence = FENCE.test(line.trim());
    if (!fenced && !fence && out.length && joins(out[out.length - 1], line)) {
      out[out.length - 1] = `${out[out.length - 1].trimEnd()} ${line.trim()}`;
    } else {
      out.push(line);
    }
    if (fence) fenced = !fenced;
  }
  return out.join('\n');
}

/** @param {unknown} node any part of the document */
function unwrapAll(node) {
  if (Array.isArray(node)) {
    for (const item of node) unwrapAll(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = /** @type {Record<string, unknown>} */ (node);
  for (const [key, value] of Object.entries(object)) {
    if (key === 'description' && typeof value === 'string') object[key] = spaceBlocks(unwrapLines(value));
    else if (!NOT_PROSE.has(key)) unwrapAll(value);
  }
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function unwrapDescriptions() {
  return {
    Root: {
      leave(document) {
        unwrapAll(document);
      },
    },
  };
}
