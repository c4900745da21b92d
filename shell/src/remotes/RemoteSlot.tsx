import { Component, type ComponentType, type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@idv/ui';
import type { RemoteName } from '../app/route-table';
import { REMOTE_FETCH_TIMEOUT_MS } from './fetch-timeout-plugin';

type RemoteModule = { default: ComponentType };

/** Longest a remote may take to load in all (manifest, entry, chunks) before its slot shows Retry. */
export const REMOTE_LOAD_TIMEOUT_MS = REMOTE_FETCH_TIMEOUT_MS + 1500;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function lazyRemote(remote: RemoteName) {
  // A new lazy component per attempt: React.lazy caches a rejection, so Retry must not reuse one.
  return lazy(async () => {
    const module = await withTimeout(loadRemote<RemoteModule>(`${remote}/Module`), REMOTE_LOAD_TIMEOUT_MS, remote);
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
  const { t } = useTranslation(['shell', 'common']);
  const [attempt, setAttempt] = useState(0);
  const Remote = useMemo(() => lazyRemote(remote), [remote, attempt]);
  const fallback = (
    <div role="alert" className="remote-error">
      <p>{t('errors.remoteUnavailable', { ns: 'common' })}</p>
      <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
        {t('retry', { ns: 'common' })}
      </button>
    </div>
  );
  return (
    <RemoteErrorBoundary key={`${remote}-${attempt}`} fallback={fallback}>
      <Suspense fallback={<PageLoading />}>
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
