import { addNamespace } from '@idv/i18n';
import { CLAIM_EN, CLAIM_ES, HANDOFF_EN, HANDOFF_ES, SessionDataProvider } from '@idv/ui';
import { Route, Routes } from 'react-router-dom';
import { CreatePage } from './create/CreatePage';
import { HandoffPage } from './handoff/HandoffPage';
import { InvitePage } from './invite/InvitePage';
import { JoinPage } from './join/JoinPage';
import { RejectedPage } from './rejected/RejectedPage';
import { SessionPage } from './session/SessionPage';
import { SESSION_EN, SESSION_ES } from './shared/session-strings';
import '@idv/ui/src/screens.css';
import './shared/session.css';

addNamespace('session', { en: SESSION_EN, es: SESSION_ES });
addNamespace('handoff', { en: HANDOFF_EN, es: HANDOFF_ES });
addNamespace('claim', { en: CLAIM_EN, es: CLAIM_ES });

/** The module mf-session exposes: create, join, session, invite, rejected and handoff. */
export default function SessionModule() {
  return (
    <SessionDataProvider>
      <Routes>
        <Route path="create" element={<CreatePage />} />
        <Route path="join" element={<JoinPage />} />
        <Route path="session/:id" element={<SessionPage />} />
        <Route path="invite/:id" element={<InvitePage />} />
        <Route path="rejected/:id" element={<RejectedPage />} />
        <Route path="handoff/:code" element={<HandoffPage />} />
      </Routes>
    </SessionDataProvider>
  );
}
