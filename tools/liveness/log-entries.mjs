/**
 * The JSON entries of svc-verification's log text, one a line (pino's), in order. Lines that are not
 * JSON are skipped; a `docker compose logs` prefix before the JSON is allowed.
 */
export function logEntriesOf(text) {
  const entries = [];
  for (const line of text.split('\n')) {
    const start = line.indexOf('{');
    if (start < 0) continue;
    try {
      const entry = JSON.parse(line.slice(start));
      if (entry && typeof entry === 'object') entries.push(entry);
    } catch {
      // not a JSON line
    }
  }
  return entries;
}
