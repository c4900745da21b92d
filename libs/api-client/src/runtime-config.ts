/** Deploy-time configuration the page was served with (`/config.json` of the page's origin). */
export interface RuntimeConfig {
  apiBaseUrl: string;
  apiKey: string;
  supportContact: string;
}

let loading: Promise<RuntimeConfig> | undefined;

/** Read once per page; a failed read is tried again next time. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch('/config.json', { cache: 'no-store', signal: AbortSignal.timeout(8000) })
    .then((response) => {
      if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
      return response.json() as Promise<RuntimeConfig>;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
