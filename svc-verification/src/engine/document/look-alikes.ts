/**
 * Characters OCR reads for one another in printed documents (OCR-B zones and printed numbers),
 * each group a digit first and the letters it is confused with. One table for the zone's repairs
 * and for comparing the zone's document number with the one printed on the front.
 */
const GROUPS = ['0ODQ', '1IL', '2Z', '5S', '8B', '6G', '7T'];

const groupOf = (char: string) => GROUPS.find((group) => group.includes(char));

/** The digit a letter is read for (O -> 0), or the character itself. */
export function asDigit(char: string): string {
  return groupOf(char)?.[0] ?? char;
}

/** The letter a digit is read for (0 -> O), or the character itself. */
export function asLetter(char: string): string {
  const group = groupOf(char);
  return group && char === group[0] ? group[1] : char;
}

/** Every other character of a character's group: what it may have been printed as. */
export function lookAlikesOf(char: string): string[] {
  return [...(groupOf(char) ?? '')].filter((other) => other !== char);
}

/** Text with every look-alike read as its digit, for comparing two readings of one number. */
export function withLookAlikesAsDigits(text: string): string {
  return [...text].map(asDigit).join('');
}
