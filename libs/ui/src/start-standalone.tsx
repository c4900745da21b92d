import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createI18n } from '@idv/i18n';

/**
 * A remote's standalone page: the remote alone, for its own team, without the shell. The
 * language instance comes first, then the module (which adds its namespace as it loads).
 */
export async function startStandalone(load: () => Promise<{ default: ComponentType }>): Promise<void> {
  await createI18n();
  const { default: RemoteModule } = await load();
  createRoot(document.getElementById('root')!).render(
    <BrowserRouter>
      <RemoteModule />
    </BrowserRouter>,
  );
}
