/**
 * MongoDB's (and FerretDB's) answer to an insert whose `_id` is already taken: how the service
 * learns, atomically, that another request made the record first (docs/decisions.md, "FerretDB").
 */
const DUPLICATE_KEY = 11000;

export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: number } | undefined)?.code === DUPLICATE_KEY;
}
