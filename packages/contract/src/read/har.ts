import { type ParsedElementInfo, type ParsedTokenInfo, Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import { InputError } from '../errors.js';
import { describeSource } from './exchange.js';
import type { RecordedExchange } from './read-exchanges.js';
import { decodeHarEntry } from './to-exchange.js';

/** Longest NDJSON line, or HAR entry, read; a longer one is an input error, so memory stays bounded. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Reads a HAR file's `log.entries` one entry at a time with a streaming JSON parser: each entry is
 * built, handed on and dropped (`keepStack: false`), so memory holds one chunk and one entry,
 * whatever the file's size. Lines are counted to name where a fault is and where each entry starts
 * (SARIF points at it).
 */
export async function* readHar(chunks: AsyncIterable<Buffer>, name: string): AsyncGenerator<RecordedExchange> {
  const har = new HarReader(name);
  for await (const chunk of chunks) {
    har.write(chunk);
    yield* har.take();
  }
  har.end();
  yield* har.take();
}

class HarReader {
  private readonly tokenizer = new Tokenizer();
  private readonly parser = new TokenParser({ paths: ['$.log.entries.*'], keepStack: false });
  private readonly lines = new LineCounter();
  private readonly ready: RecordedExchange[] = [];
  private fault: InputError | undefined;
  private entries = 0;
  private isHar = false;
  /** Bytes read when the last entry ended: what the parser holds is bounded by this distance. */
  private entryEnd = 0;
  private entryLine = 1;
  private depth = 0;
  private lastString: unknown;
  /** The member being read in the root object and in `log`. */
  private keys: unknown[] = [];

  constructor(private readonly name: string) {
    this.tokenizer.onToken = (token) => this.onToken(token);
    this.parser.onValue = (info) => this.onEntry(info);
  }

  write(chunk: Buffer): void {
    if (this.fault) return;
    this.lines.next(chunk);
    const nul = chunk.indexOf(0);
    try {
      this.tokenizer.write(nul === -1 ? chunk : chunk.subarray(0, nul));
    } catch (error) {
      this.fault ??= this.syntaxFault(error);
    }
    if (nul !== -1 && !this.fault) this.fault = this.nulFault(nul);
    if (!this.fault && this.lines.read - this.entryEnd > MAX_LINE_BYTES) this.fault = this.tooLong();
  }

  end(): void {
    if (this.fault) return;
    // A document that ended, or never opened, without `log.version` or `log.entries` is not a HAR.
    if (!this.isHar && (this.parser.isEnded || this.depth === 0)) this.fault = this.notHar();
    else if (!this.parser.isEnded) this.fault = this.truncated();
  }

  /** The exchanges read so far, then the fault that ended the input, if any. */
  *take(): Generator<RecordedExchange> {
    yield* this.ready.splice(0);
    if (this.fault) throw this.fault;
  }

  private onToken(info: ParsedTokenInfo): void {
    const { token, offset } = info;
    if (this.depth === 0 && token !== TokenType.LEFT_BRACE) throw this.notHar();
    if (token === TokenType.COLON) this.keys[this.depth] = this.lastString;
    else this.checkMember(token);
    if (token === TokenType.STRING) this.lastString = info.value;
    if (token === TokenType.LEFT_BRACE && this.depth === 3) this.entryLine = this.lines.lineAt(offset);
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) this.depth++;
    else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) this.depth--;
    this.lines.lastToken = offset;
    this.parser.write(info);
  }

  /** `log.version` marks a HAR; `log.entries` must open an array. */
  private checkMember(token: TokenType): void {
    if (this.depth !== 2 || this.keys[1] !== 'log') return;
    const key = this.keys[2];
    this.keys[2] = undefined;
    if (key === 'version') this.isHar = true;
    if (key !== 'entries') return;
    if (token !== TokenType.LEFT_BRACKET) {
      const found =
        token === TokenType.LEFT_BRACE ? 'an object' : token === TokenType.STRING ? 'a string' : 'a JSON scalar';
      throw new InputError(this.name, 'log.entries', `log.entries must be an array of HAR entries (found ${found})`);
    }
    this.isHar = true;
  }

  private onEntry({ value }: ParsedElementInfo): void {
    const entry = this.entries++;
    this.entryEnd = this.lines.read;
    const decoded = decodeHarEntry(value);
    if (typeof decoded === 'string') {
      const problem = `${decoded}: each HAR entry needs request {method, url, headers} and response {status, headers, content}`;
      throw new InputError(this.name, describeSource({ entry }), problem);
    }
    this.ready.push({ ...decoded, source: { entry, line: this.entryLine } });
  }

  /** An error thrown while parsing: ours (an InputError) as it is, the parser's named at its line. */
  private syntaxFault(error: unknown): InputError {
    if (error instanceof InputError) return error;
    // The tokenizer names the byte it stopped at; the token parser stops at the last token.
    const at = /chunk position "(\d+)"/.exec((error as Error).message);
    const line = at ? this.lines.lineInChunk(Number(at[1])) : this.lines.lineAt(this.lines.lastToken);
    return new InputError(
      this.name,
      `line ${line}, in ${describeSource({ entry: this.entries })}`,
      `not valid JSON (binary or corrupted data); entries read before it: ${this.entries}`,
    );
  }

  private nulFault(at: number): InputError {
    return new InputError(
      this.name,
      `line ${this.lines.lineInChunk(at)}, in ${describeSource({ entry: this.entries })}`,
      `binary data (a NUL byte), not HAR JSON; entries read before it: ${this.entries}`,
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

  private tooLong(): InputError {
    return new InputError(
      this.name,
      describeSource({ entry: this.entries }),
      `the entry is longer than ${MAX_LINE_BYTES} bytes: one HAR entry holds one exchange, and a longer one is refused so that memory stays bounded`,
    );
  }
}

/** Maps the parser's byte offsets (which only grow) to 1-based lines of the input. */
class LineCounter {
  /** Bytes of the input before the current chunk, then after it. */
  read = 0;
  lastToken = 0;
  private chunk: Buffer = Buffer.alloc(0);
  private chunkStart = 0;
  /** Lines before `counted` (an index in the current chunk). */
  private line = 1;
  private counted = 0;

  next(chunk: Buffer): void {
    this.line = this.lineInChunk(this.chunk.length);
    this.chunkStart = this.read;
    this.read += chunk.length;
    [this.chunk, this.counted] = [chunk, 0];
  }

  lineAt(offset: number): number {
    return this.lineInChunk(offset - this.chunkStart);
  }

  lineInChunk(index: number): number {
    for (
      let at = this.chunk.indexOf(0x0a, this.counted);
      at !== -1 && at < index;
      at = this.chunk.indexOf(0x0a, at + 1)
    )
      this.line++;
    this.counted = Math.max(this.counted, Math.min(index, this.chunk.length));
    return this.line;
  }
}
