/** Remote name -> URL of its mf-manifest.json, from the deploy-time /remotes.json. */
export type RemoteManifest = Record<string, string>;

export async function loadRemoteManifest(timeoutMs = 8000): Promise<RemoteManifest> {
  const response = await fetch('/remotes.json', { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  return (await response.json()) as RemoteManifest;
}
