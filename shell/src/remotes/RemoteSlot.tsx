import { Component, type ComponentType, type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '../app/route-table';

type RemoteModule = { default: ComponentType };

function lazyRemote(remote: RemoteName) {
  // A new lazy component per attempt: React.lazy caches a rejection, so Retry must not reuse one.
  return lazy(async () => {
    const module = await loadRemote<RemoteModule>(`${remote}/Module`);
    if (!module?.default) throw new Error(`${remote} exposed no component`);
    return module;
  });
}

class RemoteErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** One remote's place on the page: loading text, and an error with Retry that never blanks the shell. */
export function RemoteSlot({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazyRemote(remote), [remote, attempt]);
  const fallback = (
    <div role="alert" className="remote-error">
      <p>This part of the page could not be loaded. Please try again.</p>
      <button type="button" onClick={() => setAttempt((n) => n + 1)}>
        Retry
      </button>
    </div>
  );
  return (
    <RemoteErrorBoundary key={`${remote}-${attempt}`} fallback={fallback}>
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
