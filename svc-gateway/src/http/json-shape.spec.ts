import { LIMITS } from '@idv/contracts';
import { jsonShapeRefusal } from './json-shape';

const shape = (text: string) => jsonShapeRefusal(Buffer.from(text));

describe('jsonShapeRefusal: a body no request of the API has, told before it is parsed', () => {
  const createSession = {
    initiator: 'Ana "Nena" Pérez',
    participants: [
      { name: 'Ana "Nena" Pérez', email: 'ana@example.com' },
      { name: 'Bo Li', email: 'bo@example.com' },
      { name: 'Zoë \\ Quinn', email: 'zoe@example.com' },
    ],
    purpose: 'Selling a car: {[not structure]}',
    termsAccepted: true,
  };

  it('lets every request of the API through, compact or indented', () => {
    expect(shape(JSON.stringify(createSession))).toBeUndefined();
    expect(shape(JSON.stringify(createSession, null, 4))).toBeUndefined();
    const image = `data:image/jpeg;base64,${'A/+'.repeat(1_000_000)}`;
    expect(shape(JSON.stringify({ realName: 'Ana', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: null }))).toBeUndefined();
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
});
