import { useLocation } from 'react-router-dom';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { NotFoundPage } from './NotFoundPage';
import { remoteForPath } from './route-table';

/** Renders the remote that owns the current path; the remote routes within it. */
export function RemoteRoute() {
  const remote = remoteForPath(useLocation().pathname);
  return remote ? <RemoteSlot key={remote} remote={remote} /> : <NotFoundPage />;
}
