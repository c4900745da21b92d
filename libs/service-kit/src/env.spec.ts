import { EnvValidationError, envInteger, envList, envSecret, envString, envUrl, envUrls, loadEnv } from './env';
import { natsServers } from './nats-options';

const spec = {
  API_KEY: envString('the key clients send as x-api-key'),
  PORT: envInteger('HTTP port', 3000, { min: 1, max: 65535 }),
  NATS_URL: envUrl('NATS server', ['nats'], 'nats://127.0.0.1:4222'),
  ORIGINS: envList('allowed origins', []),
};

describe('loadEnv', () => {
  it('applies defaults and parses values', () => {
    expect(loadEnv(spec, { API_KEY: 'k', ORIGINS: 'http://a, http://b' })).toEqual({
      API_KEY: 'k',
      PORT: 3000,
      NATS_URL: 'nats://127.0.0.1:4222',
      ORIGINS: ['http://a', 'http://b'],
    });
  });

  it('names every problem at once', () => {
    let error: unknown;
    try {
      loadEnv(spec, { PORT: '70000', NATS_URL: 'http://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvValidationError);
    expect((error as EnvValidationError).problems).toEqual([
      'API_KEY is required: the key clients send as x-api-key',
      'PORT is invalid: HTTP port (an integer from 1 to 65535)',
      'NATS_URL is invalid: NATS server (nats URL)',
    ]);
  });

  it('treats an empty or blank value as unset', () => {
    expect(() => loadEnv(spec, { API_KEY: '   ' })).toThrow('API_KEY is required');
  });

  it('refuses a non-integer port', () => {
    expect(() => loadEnv(spec, { API_KEY: 'k', PORT: '30a' })).toThrow('PORT is invalid');
  });

  it('requires a secret, and refuses one shorter than its minimum', () => {
    const secretSpec = { SECRET: envSecret('signs things') };
    expect(() => loadEnv(secretSpec, {})).toThrow('SECRET is required: signs things (at least 32 characters; generate a long random value)');
    expect(() => loadEnv(secretSpec, { SECRET: 'x'.repeat(31) })).toThrow('SECRET is invalid');
    expect(loadEnv(secretSpec, { SECRET: 'x'.repeat(32) })).toEqual({ SECRET: 'x'.repeat(32) });
  });
});

describe('envUrls (the nodes of a cluster)', () => {
  const cluster = { NATS_URL: envUrls('NATS servers', ['nats'], 'nats://127.0.0.1:4222') };

  it('takes one URL or several, comma-separated, and connections get each of them', () => {
    const { NATS_URL } = loadEnv(cluster, { NATS_URL: 'nats://nats-0:4222, nats://nats-1:4222,nats://nats-2:4222' });
    expect(NATS_URL).toBe('nats://nats-0:4222,nats://nats-1:4222,nats://nats-2:4222');
    expect(natsServers(NATS_URL)).toEqual(['nats://nats-0:4222', 'nats://nats-1:4222', 'nats://nats-2:4222']);
    expect(natsServers(loadEnv(cluster, {}).NATS_URL)).toEqual(['nats://127.0.0.1:4222']);
  });

  it('refuses the list when any of its URLs is wrong', () => {
    expect(() => loadEnv(cluster, { NATS_URL: 'nats://nats-0:4222,http://nats-1:4222' })).toThrow(
      'NATS_URL is invalid: NATS servers (nats URLs, comma-separated)',
    );
    expect(() => loadEnv(cluster, { NATS_URL: 'nats://nats-0:4222,,nats://nats-2:4222' })).toThrow('NATS_URL is invalid');
  });
});
