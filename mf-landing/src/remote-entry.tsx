import { Route, Routes } from 'react-router-dom';
import { LandingPage } from './landing/LandingPage';

/** The module mf-landing exposes: the route it owns. */
export default function LandingModule() {
  return (
    <Routes>
      <Route index element={<LandingPage />} />
    </Routes>
  );
}
