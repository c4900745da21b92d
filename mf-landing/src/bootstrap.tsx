import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import RemoteModule from './remote-entry';

// The standalone page: the remote alone, for its own team, without the shell.
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <RemoteModule />
  </BrowserRouter>,
);
