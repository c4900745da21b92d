import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How long a remote's manifest may take before its slot shows the error and Retry. */
export const REMOTE_FETCH_TIMEOUT_MS = 6000;

/**
 * Gives every manifest fetch of the module federation runtime a timeout: without one,
 * a remote whose server accepts the connection but never answers leaves "Loading" forever.
 */
export default function fetchTimeoutPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'fetch-timeout-plugin',
    fetch(url, init) {
      return fetch(url, { ...init, signal: AbortSignal.timeout(REMOTE_FETCH_TIMEOUT_MS) });
    },
  };
}
