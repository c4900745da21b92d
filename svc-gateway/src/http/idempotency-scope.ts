import { createHash } from 'node:crypto';
import type { ApiCaller } from '../auth/api-keys';
import { callerIdentity } from './caller';

/**
 * An `Idempotency-Key` as svc-sessions receives it: scoped to who calls and to the route, so that
 * one caller's key never answers another caller's request (before, the same key and body sent with
 * the browser key answered a secret-key client's session and its initiator token). A secret-key
 * client is its key's name, wherever it calls from; a browser is the browser key and its address
 * (every visitor has that key). The key itself goes no further than the gateway: what travels is a
 * SHA-256 digest of the three, which svc-sessions keys with its own secret (idempotency.ts there).
 */
export function scopedIdempotencyKey(key: string, caller: ApiCaller | undefined, clientAddress: string | undefined, route: string): string {
  return createHash('sha256')
    .update(JSON.stringify([callerIdentity(caller, clientAddress), route, key]))
    .digest('base64url');
}
