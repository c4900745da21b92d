/** Deploy-time configuration, read from /config.json at start: nothing here is baked into the bundle. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  apiKey: string;
  supportContact: string;
}

/** Remote name -> URL of its mf-manifest.json, read from /remotes.json at start. */
export type RemoteManifest = Record<string, string>;

export async function fetchJson<T>(url: string, timeoutMs = 8000): Promise<T> {
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  return fetchJson<RuntimeConfig>('/config.json');
}

export function loadRemoteManifest(): Promise<RemoteManifest> {
  return fetchJson<RemoteManifest>('/remotes.json');
}
