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
 * Reads a UTF-8 JSON body's shape without parsing it, and tells why no request of the API has that
 * shape: nested deeper than `maxNesting`, more quote characters than `maxQuotes`, or more bytes
 * outside its text values than `maxStructureBytes`. `undefined` when the shape is within them; the
 * body may still be invalid JSON, which the parser then refuses.
 *
 * Its cost is bounded whatever the body: text values are skipped by the buffer's native search for
 * the next quote, and the loop in JavaScript stops at `maxStructureBytes` bytes and `maxQuotes`
 * quotes. (JSON.parse, by contrast, builds whatever it is given: 12 MB of `[` is six million nested
 * arrays, seconds of the gateway's only thread.) Written here because no JSON library checks a
 * shape without first building it; streaming parsers do, at a JavaScript step per byte.
 */
export function jsonShapeRefusal(body: Buffer, limits: JsonShapeLimits = JSON_SHAPE_LIMITS): JsonShapeRefusal | undefined {
  let nesting = 0;
  let quotes = 0;
  let structureBytes = 0;
  let index = 0;
  while (index < body.length) {
    const byte = body[index];
    if (byte === QUOTE) {
      // A text value: its end is the next quote that no backslash escapes.
      let end = index;
      do {
        if (++quotes > limits.maxQuotes) return 'quotes';
        end = body.indexOf(QUOTE, end + 1);
        if (end === -1) return undefined;
      } while (isEscaped(body, end));
      if (++quotes > limits.maxQuotes) return 'quotes';
      index = end + 1;
      continue;
    }
    if (++structureBytes > limits.maxStructureBytes) return 'structure';
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++nesting > limits.maxNesting) return 'nesting';
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      nesting--;
    }
    index++;
  }
  return undefined;
}

/** Is the quote at `at` escaped: preceded by an odd number of backslashes? */
function isEscaped(body: Buffer, at: number): boolean {
  let backslashes = 0;
  for (let index = at - 1; index >= 0 && body[index] === BACKSLASH; index--) backslashes++;
  return backslashes % 2 === 1;
}
