import { addNamespace } from '@idv/i18n';
import { Route, Routes } from 'react-router-dom';
import { LANDING_EN, LANDING_ES } from './landing/landing-strings';
import { LandingPage } from './landing/LandingPage';

// This remote's strings join the page's one i18next instance (the shell's, or the standalone page's).
addNamespace('landing', { en: LANDING_EN, es: LANDING_ES });

/** The module mf-landing exposes: the route it owns. */
export default function LandingModule() {
  return (
    <Routes>
      <Route index element={<LandingPage />} />
    </Routes>
  );
}
