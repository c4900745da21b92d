/**
 * The part of a Mongoose model svc-sessions uses (read-by-id.ts, participant-transitions.ts,
 * sessions.service.ts), kept in memory for unit tests: an insert of a taken `_id` fails with the
 * database's duplicate-key error, and documents are read by `_id` alone, as on the real database.
 * The integration tests run the same code against MongoDB's protocol (FerretDB).
 */
export class InMemoryModel<T extends { _id: string }> {
  private readonly documents = new Map<string, T>();

  async create(document: T): Promise<T> {
    if (this.documents.has(document._id)) throw Object.assign(new Error(`E11000 duplicate key error: ${document._id}`), { code: 11000 });
    this.documents.set(document._id, structuredClone(document));
    return document;
  }

  /** What the service reads through (the driver's collection, without Mongoose's query layer). */
  readonly collection = {
    findOne: async ({ _id }: { _id: string }): Promise<T | null> => this.copy(_id) ?? null,
    find: ({ _id }: { _id: { $in: string[] } }) => ({
      toArray: async (): Promise<T[]> => _id.$in.map((id) => this.copy(id)).filter((document): document is T => document !== undefined),
    }),
  };

  /** How many documents are stored: a test that a refused request wrote nothing. */
  get size(): number {
    return this.documents.size;
  }

  private copy(id: string): T | undefined {
    const document = this.documents.get(id);
    return document && structuredClone(document);
  }
}
