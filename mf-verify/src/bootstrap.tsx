import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createI18n } from '@idv/i18n';

// The standalone page: the remote alone, for its own team, without the shell.
async function start() {
  await createI18n();
  const { default: RemoteModule } = await import('./remote-entry');
  createRoot(document.getElementById('root')!).render(
    <BrowserRouter>
      <RemoteModule />
    </BrowserRouter>,
  );
}

void start();
