import { ButtonLink } from '@idv/ui';
import { ApiCallError, api, commonErrorKey, sessionStore } from '@idv/api-client';
import { type HandoffRedeemed } from '@idv/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';

type Redeeming = { kind: 'taking' } | { kind: 'taken'; place: HandoffRedeemed } | { kind: 'failed'; error: unknown };

/** Which message a refused or failed handoff gets. */
function failureKey(error: unknown): string {
  if (!(error instanceof ApiCallError)) return 'common:errors.generic';
  switch (error.code) {
    case 'handoff_invalid':
    case 'validation_failed':
    case 'place_moved':
      return 'handoff:redeem.invalid';
    case 'session_cancelled':
    case 'session_expired':
    case 'session_not_found':
      return 'handoff:redeem.closed';
    case 'handoff_limit_reached':
      return 'handoff:redeem.limit';
    default:
      return commonErrorKey(error);
  }
}

/**
 * /handoff/:code, opened on the device the place moves to (a scanned QR code or the short link):
 * takes the place, keeps its token, and goes on where the person was: the initiator to the
 * session page, a participant to the verification form.
 */
export function HandoffPage() {
  const { t } = useTranslation(['handoff', 'common']);
  const code = useParams().code ?? '';
  const [state, setState] = useState<Redeeming>({ kind: 'taking' });
  const [attempt, setAttempt] = useState(0);
  // A code is single-use: one request per attempt, even where effects run twice.
  const requested = useRef(-1);

  useEffect(() => {
    if (requested.current === attempt) return;
    requested.current = attempt;
    setState({ kind: 'taking' });
    api.redeemHandoff(code).then(
      (place) => {
        sessionStore.takePlace(place);
        setState({ kind: 'taken', place });
      },
      (error: unknown) => setState({ kind: 'failed', error }),
    );
  }, [code, attempt]);

  if (state.kind === 'taking') return <p role="status">{t('redeem.taking')}</p>;
  if (state.kind === 'taken') {
    const { place } = state;
    return <Navigate to={place.initiator ? `/session/${place.sessionId}` : `/verify/${place.sessionId}`} replace />;
  }
  // Only a failure of the network or the server can go better by trying the same code again.
  const transient = state.error instanceof ApiCallError && (state.error.status === 0 || state.error.status >= 500);
  return (
    <section className="screen" aria-labelledby="handoff-title">
      <h1 id="handoff-title">{t('redeem.failedTitle')}</h1>
      <p role="alert" className="notice notice-error">
        {t(failureKey(state.error))}
      </p>
      <div className="actions">
        {transient && (
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('common:retry')}
          </button>
        )}
        <ButtonLink to="/" secondary>
          {t('common:goHome')}
        </ButtonLink>
      </div>
    </section>
  );
}
