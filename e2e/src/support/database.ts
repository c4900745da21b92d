import mongoose from 'mongoose';

/** Counts of what the stack stored, straight from its database, to prove bad input changed nothing. */
export async function withDatabase<T>(use: (counts: () => Promise<Record<string, number>>) => Promise<T>): Promise<T> {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is needed to inspect the database: run through `npm test`.');
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const count = (name: string) => connection.collection(name).countDocuments();
    return await use(async () => ({
      sessions: await count('sessions'),
      transitions: await count('participant_transitions'),
    }));
  } finally {
    await connection.close();
  }
}
