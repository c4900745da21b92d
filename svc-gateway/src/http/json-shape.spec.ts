import { LIMITS } from '@idv/contracts';
import { JsonShapeScanner, jsonShapeRefusal } from './json-shape';
import { BO, createSessionBody } from '@idv/test-kit';

const shape = (text: string) => jsonShapeRefusal(Buffer.from(text));

describe('jsonShapeRefusal: a body no request of the API has, told before it is parsed', () => {
  // Quotes, a backslash and brackets inside strings: text, not structure.
  const createSession = createSessionBody(
    [{ name: 'Ana "Nena" Pérez', email: 'ana@example.com' }, BO, { name: 'Zoë \\ Quinn', email: 'zoe@example.com' }],
    'Selling a car: {[not structure]}',
  );

  it('lets every request of the API through, compact or indented', () => {
    expect(shape(JSON.stringify(createSession))).toBeUndefined();
    expect(shape(JSON.stringify(createSession, null, 4))).toBeUndefined();
    const image = `data:image/jpeg;base64,${'A/+'.repeat(1_000_000)}`;
    expect(shape(JSON.stringify({ realName: 'Ana', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: null }))).toBeUndefined();
    // A liveness capture: its frames are the deepest objects a request has.
    const frame = `data:image/jpeg;base64,${'A/+'.repeat(50_000)}`;
    const capture = { challenge: 'lc1.terms.signature', frames: Array.from({ length: LIMITS.livenessFramesMax }, () => ({ step: 'turn_left', image: frame })) };
    expect(
      shape(JSON.stringify({ realName: 'Ana', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: capture }, null, 4)),
    ).toBeUndefined();
    // A serializer that escapes every slash (PHP's json_encode) still sends a request.
    expect(shape(JSON.stringify({ selfie: image }).replaceAll('/', '\\/'))).toBeUndefined();
  });

  it('lets a value of the wrong kind one level below the deepest field through, for its field message', () => {
    expect(shape(JSON.stringify({ participants: [{ name: { first: 'Ana' } }] }))).toBeUndefined();
  });

  it('refuses nesting deeper than the limit, in arrays and in objects', () => {
    expect(shape('['.repeat(LIMITS.bodyMaxNesting) + ']'.repeat(LIMITS.bodyMaxNesting))).toBeUndefined();
    expect(shape('['.repeat(LIMITS.bodyMaxNesting + 1))).toBe('nesting');
    expect(shape(`${'{"a":'.repeat(LIMITS.bodyMaxNesting + 1)}1${'}'.repeat(LIMITS.bodyMaxNesting + 1)}`)).toBe('nesting');
    expect(shape('['.repeat(5_900_000) + ']'.repeat(5_900_000))).toBe('nesting');
  });

  it('does not count brackets inside text, nor quotes a backslash escapes, as structure', () => {
    expect(shape(JSON.stringify({ realName: '[[[[[[[[{{{{{{{{' }))).toBeUndefined();
    expect(shape('{"realName":"a\\"[[[[[[[[[\\\\"}')).toBe(undefined);
    // After an even run of backslashes the quote ends the text, and the brackets after it are structure.
    expect(shape('{"realName":"a\\\\"[[[[[[[[[')).toBe('nesting');
  });

  it('refuses many values, long numbers and long white space by the bytes outside text', () => {
    expect(shape(`[${'0,'.repeat(5_000_000)}0]`)).toBe('structure');
    expect(shape(`{"realName":${'1'.repeat(11_000_000)}}`)).toBe('structure');
    expect(shape(`${' '.repeat(11_000_000)}{}`)).toBe('structure');
    expect(shape(' '.repeat(LIMITS.bodyMaxStructureBytes - 2) + '{}')).toBeUndefined();
  });

  it('refuses many keys or text values, and text full of escaped quotes, by the quote count', () => {
    expect(shape(`{${Array.from({ length: LIMITS.bodyMaxQuotes / 2 }, (_, i) => `"${i}":""`).join('')}}`)).toBe('quotes');
    expect(shape(`{"realName":"${'\\"'.repeat(5_000_000)}"}`)).toBe('quotes');
    expect(shape(JSON.stringify({ proofOfLife: '"'.repeat(10_000) }))).toBeUndefined();
  });

  it('leaves an unterminated text to the parser', () => {
    expect(shape('{"realName":"abc')).toBeUndefined();
  });

  it('reads a body in chunks as it arrives, to the same answer wherever the chunks are cut', () => {
    const bodies = [
      '{"realName":"a\\"[[[[[[[[[\\\\"}',
      '{"realName":"a\\\\"[[[[[[[[[',
      '{"a":"\\\\\\\\"}',
      '{"a":"\\\\\\"[[[[[["}',
      '[[[[[]]]]]',
      JSON.stringify({ participants: [{ name: 'Ana "Nena"', email: 'a\\b@example.com' }] }),
    ];
    const limits = { maxNesting: 4, maxQuotes: 12, maxStructureBytes: 40 };
    for (const text of bodies) {
      const body = Buffer.from(text);
      const whole = jsonShapeRefusal(body, limits);
      for (let cut = 0; cut <= body.length; cut++) {
        const scanner = new JsonShapeScanner(limits);
        scanner.write(body.subarray(0, cut));
        expect({ text, cut, refusal: scanner.write(body.subarray(cut)) }).toEqual({ text, cut, refusal: whole });
      }
      const byteByByte = new JsonShapeScanner(limits);
      let refusal;
      for (const byte of body) refusal = byteByByte.write(Uint8Array.of(byte));
      expect({ text, refusal }).toEqual({ text, refusal: whole });
    }
    // The cases above are refused for the reasons they stand for.
    expect(bodies.map((text) => jsonShapeRefusal(Buffer.from(text), limits))).toEqual([undefined, 'nesting', undefined, undefined, 'nesting', undefined]);
  });
});
