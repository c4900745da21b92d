import { Route, Routes } from 'react-router-dom';

/** The module mf-verify exposes: verify, waiting and results. */
export default function VerifyModule() {
  return (
    <Routes>
      <Route path="verify/:id" element={<h1>Verify your identity</h1>} />
      <Route path="waiting/:id" element={<h1>Waiting for the others</h1>} />
      <Route path="results/:id" element={<h1>Results</h1>} />
    </Routes>
  );
}
