import type { Model } from 'mongoose';

/**
 * One document by its string `_id`, straight from the driver: the hot read of every request (an
 * uncached session view is about five of them). Mongoose's query layer (casting, hooks, lean
 * conversion) took more CPU than the driver itself on these reads (bench:api profile); documents
 * are written through the schemas, so what comes back already has their shape.
 */
export async function readById<T extends { _id: string }>(model: Model<T>, _id: string): Promise<T | undefined> {
  return ((await model.collection.findOne({ _id } as object)) as T | null) ?? undefined;
}
