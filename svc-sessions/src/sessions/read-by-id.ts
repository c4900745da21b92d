import DataLoader from 'dataloader';
import type { Model, mongo } from 'mongoose';

type Collection<T extends mongo.Document> = mongo.Collection<T>;
type Document = mongo.Document;

/** At most this many `_id`s in one `$in` (FerretDB's patched push-down takes up to 1,000). */
const MAX_IDS_PER_READ = 100;

const loaders = new WeakMap<Collection<Document>, DataLoader<string, Document | undefined>>();

/**
 * One document by its string `_id`: the hot read of every request (an uncached session view is
 * about ten of them). Look-ups of one collection started before the event loop next polls for I/O
 * (`setImmediate`), by one request or by several, go to the database as one
 * `find({ _id: { $in: [...] } })` (dataloader, no cache: every look-up reads the database, so a
 * re-read after a lost race sees the winner). Measured on the patched FerretDB at 20,000
 * documents: ten look-ups as one `$in` 0.6 ms, as ten `findOne` 1.7 ms. Under load the requests
 * that arrived in one poll share their queries (GET across 10,000 stored sessions, 10 at a time:
 * 716-761 req/s against 610-677 when only one tick's look-ups shared one); alone, a request waits
 * for nothing.
 * On MongoDB the `_id` index serves both; on FerretDB 1.24 `$in` is an index search only with the
 * `sqlite-id-in` patch (tools/setup/ferretdb.mjs). A single look-up stays `findOne({ _id })`.
 *
 * Straight from the driver: mongoose's query layer (casting, hooks, lean conversion) took more CPU
 * than the driver itself on these reads (bench:api profile); documents are written through the
 * schemas, so what comes back already has their shape.
 */
export async function readById<T extends { _id: string }>(model: Model<T>, _id: string): Promise<T | undefined> {
  return (await loaderFor(model.collection as unknown as Collection<Document>).load(_id)) as T | undefined;
}

function loaderFor(collection: Collection<Document>): DataLoader<string, Document | undefined> {
  let loader = loaders.get(collection);
  if (!loader) {
    loader = new DataLoader((ids) => readMany(collection, ids), {
      cache: false,
      maxBatchSize: MAX_IDS_PER_READ,
      batchScheduleFn: (run) => setImmediate(run),
    });
    loaders.set(collection, loader);
  }
  return loader;
}

async function readMany(collection: Collection<Document>, ids: readonly string[]): Promise<(Document | undefined)[]> {
  if (ids.length === 1) return [(await collection.findOne({ _id: ids[0] } as Document)) ?? undefined];
  const documents = await collection.find({ _id: { $in: [...new Set(ids)] } } as Document).toArray();
  const byId = new Map(documents.map((document) => [String(document['_id']), document]));
  return ids.map((id) => byId.get(id));
}
