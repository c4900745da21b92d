import { LIMITS } from '@idv/contracts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/** Why a body is no request of the API, told before it is parsed. */
export type JsonShapeRefusal = 'nesting' | 'quotes' | 'structure';

export interface JsonShapeLimits {
  maxNesting: number;
  maxQuotes: number;
  maxStructureBytes: number;
}

export const JSON_SHAPE_LIMITS: JsonShapeLimits = {
  maxNesting: LIMITS.bodyMaxNesting,
  maxQuotes: LIMITS.bodyMaxQuotes,
  maxStructureBytes: LIMITS.bodyMaxStructureBytes,
};

/**
 * Reads a UTF-8 JSON body's shape as it arrives, chunk by chunk, without parsing it, and tells why
 * no request of the API has that shape: nested deeper than `maxNesting`, more quote characters
 * than `maxQuotes`, or more bytes outside its text values than `maxStructureBytes`. A body within
 * them may still be invalid JSON, which the parser then refuses.
 *
 * Its cost is bounded whatever the body: text values are skipped by the buffer's native search for
 * the next quote, and the loop in JavaScript stops at `maxStructureBytes` bytes and `maxQuotes`
 * quotes. (JSON.parse, by contrast, builds whatever it is given: 12 MB of `[` is six million nested
 * arrays, seconds of the gateway's only thread.) Written here because no JSON library checks a
 * shape without first building it; streaming parsers do, at a JavaScript step per byte.
 */
export class JsonShapeScanner {
  private nesting = 0;
  private quotes = 0;
  private structureBytes = 0;
  private inText = false;
  /** Backslashes that ended the last chunk inside a text value: they escape what the next chunk starts with. */
  private carriedBackslashes = 0;
  private refusal: JsonShapeRefusal | undefined;

  constructor(private readonly limits: JsonShapeLimits = JSON_SHAPE_LIMITS) {}

  /** Reads the next chunk of the body; the refusal once the shape is past a limit (it stays refused). */
  write(chunk: Uint8Array): JsonShapeRefusal | undefined {
    let index = 0;
    while (this.refusal === undefined && index < chunk.length) {
      if (this.inText) {
        index = this.skipText(chunk, index);
        continue;
      }
      const byte = chunk[index++];
      if (byte === QUOTE) {
        this.inText = true;
        this.countQuote();
        continue;
      }
      if (++this.structureBytes > this.limits.maxStructureBytes) this.refusal = 'structure';
      else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (++this.nesting > this.limits.maxNesting) this.refusal = 'nesting';
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        this.nesting--;
      }
    }
    return this.refusal;
  }

  /** Inside a text value from `start`: answers where reading goes on (after its closing quote, or the chunk's end). */
  private skipText(chunk: Uint8Array, start: number): number {
    const quote = indexOf(chunk, QUOTE, start);
    if (quote === -1) {
      const trailing = backslashesBefore(chunk, chunk.length, start);
      this.carriedBackslashes = trailing + (trailing === chunk.length - start ? this.carriedBackslashes : 0);
      return chunk.length;
    }
    let backslashes = backslashesBefore(chunk, quote, start);
    if (backslashes === quote - start) backslashes += this.carriedBackslashes;
    this.carriedBackslashes = 0;
    this.countQuote();
    // An even run of backslashes escapes itself: the quote ends the text. An odd one escapes the quote.
    if (backslashes % 2 === 0) this.inText = false;
    return quote + 1;
  }

  private countQuote(): void {
    if (++this.quotes > this.limits.maxQuotes) this.refusal = 'quotes';
  }
}

/** The shape of a whole body at once: why it is no request of the API, or undefined. */
export function jsonShapeRefusal(body: Uint8Array, limits: JsonShapeLimits = JSON_SHAPE_LIMITS): JsonShapeRefusal | undefined {
  return new JsonShapeScanner(limits).write(body);
}

/** The buffer's native search (Buffer.indexOf), for any Uint8Array. */
function indexOf(chunk: Uint8Array, byte: number, from: number): number {
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).indexOf(byte, from);
}

/** The backslashes right before `end`, back to `start` at most. */
function backslashesBefore(chunk: Uint8Array, end: number, start: number): number {
  let count = 0;
  for (let index = end - 1; index >= start && chunk[index] === BACKSLASH; index--) count++;
  return count;
}
