import { addNamespace } from '@idv/i18n';
import { CLAIM_EN, CLAIM_ES, HANDOFF_EN, HANDOFF_ES, SessionDataProvider } from '@idv/ui';
import { Route, Routes } from 'react-router-dom';
import { ResultsPage } from './results/ResultsPage';
import { VERIFY_EN, VERIFY_ES } from './shared/verify-strings';
import { VerifyPage } from './verify/VerifyPage';
import { WaitingPage } from './waiting/WaitingPage';
import '@idv/ui/src/screens.css';
import './shared/verify.css';

addNamespace('verify', { en: VERIFY_EN, es: VERIFY_ES });
addNamespace('handoff', { en: HANDOFF_EN, es: HANDOFF_ES });
addNamespace('claim', { en: CLAIM_EN, es: CLAIM_ES });

/** The module mf-verify exposes: verify, waiting and results. */
export default function VerifyModule() {
  return (
    <SessionDataProvider>
      <Routes>
        <Route path="verify/:id" element={<VerifyPage />} />
        <Route path="waiting/:id" element={<WaitingPage />} />
        <Route path="results/:id" element={<ResultsPage />} />
      </Routes>
    </SessionDataProvider>
  );
}
