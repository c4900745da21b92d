import { createRoot } from 'react-dom/client';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { App } from './app/App';
import { loadRemoteManifest } from './runtime-config/runtime-config';

async function start() {
  // Remote URLs come from a deploy-time file: a remote redeploys without rebuilding the shell.
  const manifest = await loadRemoteManifest();
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
  createRoot(document.getElementById('root')!).render(<App />);
}

start().catch((error: unknown) => {
  document.getElementById('root')!.textContent = 'The application could not start. Please reload the page.';
  console.error(error);
});
