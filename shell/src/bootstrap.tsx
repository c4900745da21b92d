import { createRoot } from 'react-dom/client';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { addNamespace, createI18n } from '@idv/i18n';
import { App } from './app/App';
import { SHELL_EN, SHELL_ES } from './i18n/shell-strings';
import { loadRuntimeConfig } from '@idv/api-client';
import { loadRemoteManifest } from './runtime-config/remote-manifest';
import '@idv/ui/src/screens.css';
import './styles.css';

async function start() {
  // Deploy-time files: remote URLs and API settings are not baked into the bundle, so a remote
  // redeploys without rebuilding the shell.
  const [config, manifest] = await Promise.all([loadRuntimeConfig(), loadRemoteManifest(), createI18n()]);
  addNamespace('shell', { en: SHELL_EN, es: SHELL_ES });
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
  createRoot(document.getElementById('root')!).render(<App config={config} />);
}

start().catch((error: unknown) => {
  const message =
    document.documentElement.lang === 'es' ? 'La aplicación no pudo iniciarse. Recarga la página.' : 'The application could not start. Please reload the page.';
  document.getElementById('root')!.textContent = message;
  console.error(error);
});
