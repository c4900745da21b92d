import { api, isSessionNotFound } from '@idv/api-client';
import { SessionNotFound, ButtonLink } from '@idv/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';

export function RejectedPage() {
  const { t } = useTranslation(['session']);
  const id = useParams().id ?? '';
  const [cancelled, setCancelled] = useState(false);
  const [unknown, setUnknown] = useState(false);
  useEffect(() => {
    // A cancelled session goes to its results from every screen, a session that does not exist to
    // the not-found page; any other failed check changes nothing here.
    api.getSession(id).then(
      (session) => setCancelled(session.isCancelled),
      (error: unknown) => setUnknown(isSessionNotFound(error)),
    );
  }, [id]);
  if (cancelled) return <Navigate to={`/results/${id}`} replace />;
  if (unknown) return <SessionNotFound />;
  const items = t('rejected.items', { returnObjects: true }) as string[];
  return (
    <section className="screen" aria-labelledby="rejected-title">
      <div className="rejected-mark" aria-hidden="true">
        ✕
      </div>
      <h1 id="rejected-title">{t('rejected.title')}</h1>
      <p>{t('rejected.message')}</p>
      <div className="card">
        <h2>{t('rejected.whatNext')}</h2>
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <div>
        <ButtonLink to="/">{t('rejected.home')}</ButtonLink>
      </div>
      <p className="field-hint">{t('rejected.changeOfMind')}</p>
    </section>
  );
}
