// Where a JSON text first goes wrong. JSON.parse says that it failed, but not always where, and a
// HAR input error must name the line; this runs only after JSON.parse has failed.

/** Index of the first character that makes `text` invalid JSON; `text.length` if it ends too early; -1 if valid. */
export function jsonErrorIndex(text: string): number {
  const stack: string[] = [];
  let state: 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'after' = 'value';
  let i = 0;
  for (;;) {
    i = skipWhitespace(text, i);
    if (i >= text.length) return state === 'after' && stack.length === 0 ? -1 : text.length;
    const c = text[i]!;
    if (state === 'after') {
      const top = stack.at(-1);
      if (top === undefined) return i;
      if (c === ',') state = top === '{' ? 'key' : 'value';
      else if (c !== (top === '{' ? '}' : ']')) return i;
      else stack.pop();
      i++;
    } else if (state === 'colon') {
      if (c !== ':') return i;
      state = 'value';
      i++;
    } else if ((state === 'key-or-end' && c === '}') || (state === 'value-or-end' && c === ']')) {
      stack.pop();
      state = 'after';
      i++;
    } else if (state === 'key' || state === 'key-or-end') {
      if (c !== '"') return i;
      i = stringEnd(text, i);
      if (i < 0) return -i - 1;
      state = 'colon';
    } else if (c === '{' || c === '[') {
      stack.push(c);
      state = c === '{' ? 'key-or-end' : 'value-or-end';
      i++;
    } else {
      i = c === '"' ? stringEnd(text, i) : literalEnd(text, i);
      if (i < 0) return -i - 1;
      state = 'after';
    }
  }
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  return i;
}

/** Index after the string opening at `from`; `-(index + 1)` of the first fault (the text's end included). */
function stringEnd(text: string, from: number): number {
  for (let i = from + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return -i - 1;
    if (code !== 0x5c) continue;
    const escaped = text[i + 1];
    if (escaped === undefined) break;
    if (escaped === 'u') {
      const hex = /^[0-9a-fA-F]{0,4}/.exec(text.slice(i + 2, i + 6))![0];
      if (hex.length < 4) return -(i + 2 + hex.length) - 1;
      i += 5;
    } else if ('"\\/bfnrt'.includes(escaped)) i++;
    else return -(i + 1) - 1;
  }
  return -text.length - 1;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** Index after the number, `true`, `false` or `null` at `from`; `-(index + 1)` of the first fault. */
function literalEnd(text: string, from: number): number {
  for (const word of ['true', 'false', 'null']) {
    if (text.startsWith(word, from)) return from + word.length;
    const rest = text.slice(from);
    if (rest.length < word.length && word.startsWith(rest)) return -text.length - 1;
  }
  NUMBER.lastIndex = from;
  const number = NUMBER.exec(text);
  if (number) return from + number[0].length;
  return text[from] === '-' && from + 1 === text.length ? -text.length - 1 : -from - 1;
}
