import { EnvValidationError } from '@idv/service-kit';
import { loadGatewayEnv } from '../config/env';

const base = { API_KEY: 'browser-key' };

describe('API_SECRET_KEYS', () => {
  it('reads name=key pairs; none by default', () => {
    expect(loadGatewayEnv(base).API_SECRET_KEYS).toEqual([]);
    expect(loadGatewayEnv({ ...base, API_SECRET_KEYS: ` billing=${'k'.repeat(32)} , crm-2=${'x'.repeat(40)}=` }).API_SECRET_KEYS).toEqual([
      { name: 'billing', key: 'k'.repeat(32) },
      { name: 'crm-2', key: `${'x'.repeat(40)}=` },
    ]);
  });

  it.each([
    ['a key shorter than 32 characters', `billing=${'k'.repeat(31)}`],
    ['no name', `=${'k'.repeat(32)}`],
    ['no key', 'billing'],
    ['a name with spaces', `bill ing=${'k'.repeat(32)}`],
    ['the same name twice', `a=${'k'.repeat(32)},a=${'j'.repeat(32)}`],
  ])('refuses to start with %s, naming the variable and never the key', (_, value) => {
    expect(() => loadGatewayEnv({ ...base, API_SECRET_KEYS: value })).toThrow(EnvValidationError);
    try {
      loadGatewayEnv({ ...base, API_SECRET_KEYS: value });
    } catch (error) {
      expect((error as Error).message).toContain('API_SECRET_KEYS is invalid');
      expect((error as Error).message).not.toContain('k'.repeat(31));
    }
  });
});
