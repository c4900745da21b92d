import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from '../chrome/Layout';
import type { RuntimeConfig } from '@idv/api-client';
import { RuntimeConfigContext } from '../runtime-config/RuntimeConfigContext';
import { RemoteRoute } from './RemoteRoute';

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <RuntimeConfigContext.Provider value={config}>
      <BrowserRouter>
        <Layout>
          <Routes>
            <Route path="*" element={<RemoteRoute />} />
          </Routes>
        </Layout>
      </BrowserRouter>
    </RuntimeConfigContext.Provider>
  );
}
