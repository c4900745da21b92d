import { loadSessionsEnv } from './env';

const base = { SESSIONS_SECRET: 'a-test-secret-that-is-long-enough-for-the-rule' };

describe('MONGODB_URI', () => {
  it("takes a replica set's connection string, every member named", () => {
    const uri = 'mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/idv?replicaSet=rs0&w=majority&retryWrites=true';
    expect(loadSessionsEnv({ ...base, MONGODB_URI: uri }).MONGODB_URI).toBe(uri);
    expect(loadSessionsEnv({ ...base, MONGODB_URI: 'mongodb+srv://cluster0.example.net/idv' }).MONGODB_URI).toBe('mongodb+srv://cluster0.example.net/idv');
  });

  it('refuses what is not a MongoDB connection string', () => {
    expect(() => loadSessionsEnv({ ...base, MONGODB_URI: 'http://mongo:27017/idv' })).toThrow('MONGODB_URI is invalid');
    expect(() => loadSessionsEnv({ ...base, MONGODB_URI: 'mongodb:///idv' })).toThrow('MONGODB_URI is invalid');
    expect(() => loadSessionsEnv({ ...base, MONGODB_URI: 'mongodb+srv://a.example.net,b.example.net/idv' })).toThrow('MONGODB_URI is invalid');
  });
});
