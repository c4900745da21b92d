import { validateEmail } from '../validation/email';
import { validateName } from '../validation/name';
import { validatePurpose } from '../validation/purpose';
import { EMAIL_FIELD_SCHEMA, NAME_FIELD_SCHEMA, PURPOSE_FIELD_SCHEMA } from './text-field-schemas';

type FieldSchema = { pattern: string; minLength?: number; maxLength?: number };

/** As a JSON Schema validator reads the field: the pattern (ECMA-262, Unicode) and the lengths in code points. */
function schemaTakes(schema: FieldSchema, value: string): boolean {
  const length = Array.from(value).length;
  return new RegExp(schema.pattern, 'u').test(value) && length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Infinity);
}

/** A seeded generator, so that a failure names a case that can be found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Characters a name, an address or a purpose may hold, and the ones the rules refuse. */
const ALPHABET = [
  ...'abcXYZ019 ',
  ...'éÑøßİıÆ',
  ...'李雷たろうХанаΩλमनحسن',
  ...".'-,@_+()&$€",
  '\u0301', // a combining accent
  '\u200b', // zero-width space
  '\u200d', // zero-width joiner
  '\u202e', // right-to-left override
  '\u3164', // Hangul filler (a blank "letter")
  '\u2800', // Braille blank
  '\u0007', // a control character
  '\u00a0', // no-break space
  '\t',
  '😀',
  '\ud83c', // a lone surrogate
];

function draws(seed: number, count: number, maxLength: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * maxLength) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(''),
  );
}

/** Strings that match a pattern, drawn as a fuzzer would: words of the pattern's own characters. */
function wordDraws(seed: number, count: number, characters: string[], maxLength: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
      Array.from({ length: 1 + Math.floor(next() * 12) }, () => characters[Math.floor(next() * characters.length)]).join(''),
    );
    return words.join(' ').slice(0, maxLength);
  });
}

const VISIBLE = [..."abcXYZéÑøß李雷たΩλХमनحس019.'-,@_+()&$€😀"];

describe('the OpenAPI statement of the text rules: what the document allows, the server takes', () => {
  it.each([
    ['name', NAME_FIELD_SCHEMA, (value: string) => validateName(value).ok],
    ['real name', NAME_FIELD_SCHEMA, (value: string) => validateName(value, 'real_name_required').ok],
    ['purpose', PURPOSE_FIELD_SCHEMA, (value: string) => validatePurpose(value).ok],
  ])('every %s the schema allows is taken by the rule (random words and random characters)', (_field, schema, rule) => {
    const allowed = [...wordDraws(1, 20_000, VISIBLE, 60), ...draws(2, 50_000, 60)].filter((value) => schemaTakes(schema, value));
    expect(allowed.length).toBeGreaterThan(5_000);
    expect(allowed.filter((value) => !rule(value))).toEqual([]);
  });

  it('every e-mail address the schema allows is taken by the rule', () => {
    const addresses = draws(3, 50_000, 12).flatMap((local, i, all) => [`${local}@${all[(i + 1) % all.length]}.${all[(i + 2) % all.length]}`]);
    const allowed = addresses.filter((value) => schemaTakes(EMAIL_FIELD_SCHEMA, value));
    expect(allowed.length).toBeGreaterThan(5_000);
    expect(allowed.filter((value) => !validateEmail(value).ok)).toEqual([]);
  });

  it('states the common forms the rules take, and refuses what they refuse', () => {
    for (const name of [
      'Ana Pérez',
      'José Luis García Pérez',
      "O'Brien",
      'Zoë-Anne Smith',
      '李雷',
      'Ханна Ли',
      'Ng',
      'Bo Li',
      'J. R. R. Tolkien'.slice(0, 50),
    ]) {
      expect({ name, schema: schemaTakes(NAME_FIELD_SCHEMA, name), rule: validateName(name).ok }).toEqual({ name, schema: true, rule: true });
    }
    for (const name of ['', ' ', 'A', '12', '--', ' Ana', 'Ana ', 'Bo\u200bLi', 'Bo\u202eLi', '\u3164\u3164', 'x'.repeat(51)]) {
      expect({ name, schema: schemaTakes(NAME_FIELD_SCHEMA, name) }).toEqual({ name, schema: false });
    }
    expect(schemaTakes(EMAIL_FIELD_SCHEMA, 'ana@example.com')).toBe(true);
    for (const email of ['', 'ana', 'ana@example', 'a na@example.com', `${'a'.repeat(250)}@b.co`])
      expect({ email, schema: schemaTakes(EMAIL_FIELD_SCHEMA, email) }).toEqual({ email, schema: false });
    expect(schemaTakes(PURPOSE_FIELD_SCHEMA, 'Selling a car')).toBe(true);
    for (const purpose of ['', '   ', 'a\u0007b', 'x'.repeat(51)])
      expect({ purpose, schema: schemaTakes(PURPOSE_FIELD_SCHEMA, purpose) }).toEqual({ purpose, schema: false });
  });
});
