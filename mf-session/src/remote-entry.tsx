import { Route, Routes } from 'react-router-dom';

/** The module mf-session exposes: create, join, session, invite and rejected. */
export default function SessionModule() {
  return (
    <Routes>
      <Route path="create" element={<h1>Create a verification session</h1>} />
      <Route path="join" element={<h1>Join a session</h1>} />
      <Route path="session/:id" element={<h1>Your session</h1>} />
      <Route path="invite/:id" element={<h1>You are invited</h1>} />
      <Route path="rejected/:id" element={<h1>Invitation declined</h1>} />
    </Routes>
  );
}
