// Redoc's search index takes a description's text by concatenating the text of every node inside
// each top-level block with nothing between them (redoc.standalone.js of @redocly/cli), so the
// snippets glued a table's cells and a list's items: "Auth KeyOnly create users",
// "dashboard.region is". In the docs' copy of the bundle only, each table cell and each list item
// ends with an encoded space (`&#32;`): Markdown trims a plain one, the entity survives as text.
// On the page it is a trailing space in a cell or an item, which the browser does not draw.

export const SPACE = '&#32;';
/** A code fence's opening or closing line. */
export const FENCE = /^\s*(```|~~~)/;
const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$|^\s*\|\s*:?-+:?\s*\|\s*$/;
const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+\S/;
/** A line that ends in a hard line break (two spaces or a backslash). */
export const HARD_BREAK = /( {2}|\\)$/;

/** The row's cells split on its unescaped pipes (GFM splits inside code spans too). @param {string} line */
function splitRow(line) {
  const cells = [''];
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\' && i + 1 < line.length) cells[cells.length - 1] += line[i] + line[++i];
    else if (line[i] === '|') cells.push('');
    else cells[cells.length - 1] += line[i];
  }
  return cells;
}

/** A table row with SPACE at the end of each non-empty cell. @param {string} line */
function spaceCells(line) {
  const cells = splitRow(line);
  return cells
    .map((cell, i) => {
      const edge = (i === 0 || i === cells.length - 1) && !cell.trim();
      return edge || !cell.trim() || cell.trim().endsWith(SPACE) ? cell : ` ${cell.trim()}${SPACE} `;
    })
    .join('|');
}

/** Markdown whose table cells and list items end with an encoded space; code and other lines as they were. @param {string} markdown */
export function spaceBlocks(markdown) {
  const lines = markdown.split('\n');
  let fenced = false;
  let inTable = false;
  return lines
    .map((line, i) => {
      if (FENCE.test(line)) fenced = !fenced;
      if (fenced || FENCE.test(line)) return line;
      if (!line.trim()) inTable = false;
      else if (!inTable && line.includes('|') && DELIMITER_ROW.test(lines[i + 1] ?? '')) inTable = true;
      if (inTable) return DELIMITER_ROW.test(line) ? line : spaceCells(line);
      if (LIST_ITEM.test(line) && !HARD_BREAK.test(line) && !line.trimEnd().endsWith(SPACE))
        return `${line.trimEnd()}${SPACE}`;
      return line;
    })
    .join('\n');
}
