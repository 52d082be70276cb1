import { InputError } from '../errors.js';
import { describeSource } from './exchange.js';
import { jsonErrorIndex } from './json-syntax.js';
import { type EntrySlice, type HarBatch, MAX_LINE_BYTES } from './recording-batch.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SCALAR_START = new Set([...'-0123456789tfn'].map((c) => c.charCodeAt(0)));
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const DELIMITER = new Set([...',}] \t\r\n'].map((c) => c.charCodeAt(0)));

/** An entry (cut here, parsed later), a member's key, or another member's value (checked here and dropped). */
type Purpose = 'entry' | 'key' | 'member';

interface ValueScan {
  purpose: Purpose;
  scalar: boolean;
  depth: number;
  inString: boolean;
  /** The previous chunk ended on a backslash inside a string: the next byte is escaped. */
  skipNext: boolean;
  /** The value's bytes from earlier chunks. */
  parts: Uint8Array[];
  bytes: number;
  /** Where the value, or its continuation, starts in the current chunk. */
  start: number;
  line: number;
}

type State = 'root' | 'key' | 'colon' | 'value' | 'after' | 'element' | 'after-element' | 'done';

/**
 * Cuts a HAR file into its `log.entries[i]`, chunk by chunk, without parsing them: it follows the
 * JSON structure of the root and `log` objects, and finds where each entry ends by counting
 * brackets outside strings. Each entry is then parsed whole by JSON.parse (much faster than
 * building it token by token). Members other than `log.entries` are small and checked here with
 * JSON.parse. Memory holds one chunk and at most one unfinished value (up to MAX_LINE_BYTES).
 */
export class HarScanner {
  /** Entries cut so far. */
  entries = 0;
  /** A `log.version` or a `log.entries` array was seen. */
  isHar = false;
  /** The first fault, once found; the batches returned before it stand. */
  fault: InputError | undefined;
  private line = 1;
  private state: State = 'root';
  private level = -1;
  private first = true;
  private key = '';
  private scan: ValueScan | undefined;
  private offset = 0;

  constructor(private readonly name: string) {}

  /** Scans the next chunk: the batches of entries it completes; then check {@link fault}. */
  push(chunk: Uint8Array): HarBatch[] {
    const nul = chunk.indexOf(0);
    // A plain Uint8Array view: V8 reads its bytes faster than a Buffer's.
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, nul === -1 ? chunk.length : nul);
    const batches = this.scanChunk(bytes);
    if (nul !== -1 && !this.fault) {
      this.fault = new InputError(
        this.name,
        `line ${this.line}, in ${describeSource({ entry: this.entries })}`,
        `binary data (a NUL byte), not HAR JSON; entries read before it: ${this.entries}`,
      );
    }
    return batches;
  }

  /** The input ended: sets {@link fault} when it ended inside a value, or held no HAR. */
  end(): void {
    if (this.fault) return;
    if (this.scan) {
      const text = Buffer.concat(this.scan.parts).toString('utf8');
      const at = jsonErrorIndex(text);
      this.fault =
        at >= 0 && at < text.length ? this.syntaxFault(this.scan.line + linesIn(text, at)) : this.truncated();
    } else if (this.state === 'root' || (this.state === 'done' && !this.isHar)) this.fault = this.notHar();
    else if (this.state !== 'done') this.fault = this.truncated();
  }

  private scanChunk(chunk: Uint8Array): HarBatch[] {
    const out: HarBatch[] = [];
    const inChunk: EntrySlice[] = [];
    let i = 0;
    // A UTF-8 byte-order mark opening the file, even if split across chunks.
    while (i < chunk.length && this.offset + i < 3 && chunk[i] === UTF8_BOM[this.offset + i]) i++;
    this.offset += chunk.length;
    while (i < chunk.length && !this.fault) {
      if (this.scan) {
        i = this.continueScan(chunk, i, out, inChunk);
        continue;
      }
      const c = chunk[i]!;
      if (c === 0x20 || c === 0x09 || c === 0x0d || c === LF) {
        if (c === LF) this.line++;
        i++;
      } else i = this.structural(chunk, c, i);
    }
    if (this.scan && !this.fault) this.keepUnfinished(chunk);
    if (inChunk.length > 0) {
      const base = inChunk[0]!.start;
      out.push({
        format: 'har',
        bytes: chunk.subarray(base, inChunk.at(-1)!.end),
        firstEntry: this.entries - inChunk.length,
        entries: inChunk.map((e) => ({ start: e.start - base, end: e.end - base, line: e.line })),
      });
    }
    return out;
  }

  /** The grammar around the entries: `{"log": {…, "entries": [ … ], …}, …}`. */
  private structural(chunk: Uint8Array, c: number, i: number): number {
    switch (this.state) {
      case 'root':
        if (c !== OPEN_BRACE) {
          this.fault = this.notHar();
          return i;
        }
        this.enterObject(0);
        return i + 1;
      case 'key':
        if (c === QUOTE) return this.startScan('key', chunk, i);
        if (c === CLOSE_BRACE && this.first) return this.closeObject(i);
        break;
      case 'colon':
        if (c !== COLON) break;
        this.state = 'value';
        return i + 1;
      case 'value':
        return this.memberValue(chunk, c, i);
      case 'after':
        if (c === CLOSE_BRACE) return this.closeObject(i);
        if (c !== COMMA) break;
        this.state = 'key';
        this.first = false;
        return i + 1;
      case 'element':
        if (c === CLOSE_BRACKET && this.first) {
          this.state = 'after';
          return i + 1;
        }
        return this.startScan('entry', chunk, i);
      case 'after-element':
        if (c === CLOSE_BRACKET) this.state = 'after';
        else if (c === COMMA) [this.state, this.first] = ['element', false];
        else break;
        return i + 1;
      case 'done':
        break;
    }
    this.fault = this.syntaxFault(this.line);
    return i;
  }

  private memberValue(chunk: Uint8Array, c: number, i: number): number {
    if (this.level === 0 && this.key === 'log' && c === OPEN_BRACE) {
      this.enterObject(1);
      return i + 1;
    }
    if (this.level === 1 && this.key === 'entries') {
      if (c !== OPEN_BRACKET) {
        const found = c === OPEN_BRACE ? 'an object' : c === QUOTE ? 'a string' : 'a JSON scalar';
        this.fault = new InputError(
          this.name,
          'log.entries',
          `log.entries must be an array of HAR entries (found ${found})`,
        );
        return i;
      }
      this.isHar = true;
      [this.state, this.first] = ['element', true];
      return i + 1;
    }
    if (this.level === 1 && this.key === 'version') this.isHar = true;
    return this.startScan('member', chunk, i);
  }

  private enterObject(level: number): void {
    this.level = level;
    [this.state, this.first] = ['key', true];
  }

  private closeObject(i: number): number {
    this.state = this.level === 1 ? 'after' : 'done';
    this.level--;
    return i + 1;
  }

  private startScan(purpose: Purpose, chunk: Uint8Array, i: number): number {
    const c = chunk[i]!;
    const scalar = SCALAR_START.has(c);
    if (!scalar && c !== QUOTE && c !== OPEN_BRACE && c !== OPEN_BRACKET) {
      this.fault = this.syntaxFault(this.line);
      return i;
    }
    this.scan = {
      purpose,
      scalar,
      depth: 0,
      inString: false,
      skipNext: false,
      parts: [],
      bytes: 0,
      start: i,
      line: this.line,
    };
    return i;
  }

  private continueScan(chunk: Uint8Array, from: number, out: HarBatch[], inChunk: EntrySlice[]): number {
    const scan = this.scan!;
    const end = scan.scalar ? scalarEnd(chunk, from) : this.valueEnd(scan, chunk, from);
    if (end === -1) return chunk.length;
    this.scan = undefined;
    const bytes = scan.bytes + end - scan.start;
    if (bytes > MAX_LINE_BYTES) {
      this.fault = this.tooLong(scan);
      return end;
    }
    if (scan.purpose === 'entry') {
      if (scan.parts.length === 0) inChunk.push({ start: scan.start, end, line: scan.line });
      else {
        const whole = Buffer.concat([...scan.parts, chunk.subarray(0, end)]);
        out.push({
          format: 'har',
          bytes: whole,
          firstEntry: this.entries,
          entries: [{ start: 0, end: whole.length, line: scan.line }],
        });
      }
      this.entries++;
      this.state = 'after-element';
      return end;
    }
    const text = Buffer.concat([...scan.parts, chunk.subarray(scan.start, end)]).toString('utf8');
    try {
      const value: unknown = JSON.parse(text);
      if (scan.purpose === 'key') [this.key, this.state] = [String(value), 'colon'];
      else this.state = 'after';
    } catch {
      this.fault = this.syntaxFault(scan.line + linesIn(text, jsonErrorIndex(text)));
    }
    return end;
  }

  /** End of the object, array or string starting at `scan.start`, counting lines outside strings; -1: not in this chunk. */
  private valueEnd(scan: ValueScan, bytes: Uint8Array, from: number): number {
    const n = bytes.length;
    let { depth, inString } = scan;
    let line = this.line;
    let i = scan.skipNext ? from + 1 : from;
    while (i < n) {
      if (inString) {
        // Most bytes are inside strings (bodies): this tight loop runs to the closing quote.
        while (i < n) {
          const c = bytes[i++];
          if (c === QUOTE) {
            inString = false;
            break;
          }
          if (c === BACKSLASH) i++;
        }
        if (inString) break;
        if (depth === 0) return this.ended(line, i);
        continue;
      }
      const c = bytes[i++];
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--depth === 0) return this.ended(line, i);
      } else if (c === LF) line++;
    }
    this.line = line;
    [scan.depth, scan.inString, scan.skipNext] = [depth, inString, i > n];
    return -1;
  }

  private ended(line: number, end: number): number {
    this.line = line;
    return end;
  }

  private keepUnfinished(chunk: Uint8Array): void {
    const scan = this.scan!;
    const rest = chunk.subarray(scan.start);
    scan.parts.push(rest);
    scan.bytes += rest.length;
    scan.start = 0;
    if (scan.bytes > MAX_LINE_BYTES) this.fault = this.tooLong(scan);
  }

  private syntaxFault(line: number): InputError {
    return new InputError(
      this.name,
      `line ${line}, in ${describeSource({ entry: this.entries })}`,
      `not valid JSON (binary or corrupted data); entries read before it: ${this.entries}`,
    );
  }

  private truncated(): InputError {
    return new InputError(
      this.name,
      `end of input, in ${describeSource({ entry: this.entries })}`,
      `the file ends in the middle of a JSON value (truncated); entries read before it: ${this.entries}`,
    );
  }

  private notHar(): InputError {
    return new InputError(
      this.name,
      '',
      'not a HAR 1.2 file: no log.entries array (record NDJSON with .ndjson, or pass --input ndjson)',
    );
  }

  private tooLong(scan: ValueScan): InputError {
    const what = scan.purpose === 'entry' ? 'the entry' : 'the value';
    return new InputError(
      this.name,
      scan.purpose === 'entry' ? describeSource({ entry: this.entries }) : `line ${scan.line}`,
      `${what} is longer than ${MAX_LINE_BYTES} bytes: one HAR entry holds one exchange, and a longer one is refused so that memory stays bounded`,
    );
  }
}

/** End of a number, `true`, `false` or `null` at `from` (its first delimiter); -1: not in this chunk. */
function scalarEnd(chunk: Uint8Array, from: number): number {
  for (let i = from; i < chunk.length; i++) if (DELIMITER.has(chunk[i]!)) return i;
  return -1;
}

/** Lines (LF) in `text` before `index`. */
export function linesIn(text: string, index: number): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}
