import { type EnvVariable, envParsed } from '@idv/service-kit';
import { ConnectionString } from 'mongodb-connection-string-url';

/**
 * A MongoDB connection string, read by the parser the MongoDB driver itself uses: a replica set's
 * `mongodb://a:27017,b:27017,c:27017/idv?replicaSet=rs0` names several hosts, which a WHATWG URL
 * refuses.
 */
export const envMongoUri = (description: string, defaultValue: string): EnvVariable<string> =>
  envParsed(
    `${description} (mongodb:// or mongodb+srv:// connection string)`,
    (raw) => {
      new ConnectionString(raw);
      return raw;
    },
    defaultValue,
  );
