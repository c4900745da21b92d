import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Layout } from '../chrome/Layout';
import { RemoteRoute } from './RemoteRoute';

export function App() {
  return (
    <BrowserRouter>
      <Layout>
        <Routes>
          <Route path="*" element={<RemoteRoute />} />
        </Routes>
      </Layout>
    </BrowserRouter>
  );
}
