import { ApiCallError, api, isPlaceMoved, sessionStore } from '@idv/api-client';
import { type HandoffOffer, LIMITS } from '@idv/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../Modal';
import { LinkToShare } from '../clipboard/LinkToShare';
import { linkOnThisApp } from '../links/link-on-this-app';
import { QrCode } from './QrCode';

interface Place {
  sessionId: string;
  participantId: string;
  /** The initiator's place: the whole session moves with it. */
  initiator: boolean;
  token: string;
}

/**
 * "Continue on another device": a single-use code as a QR code and a link. While it is shown, this
 * device checks whether the place has moved; once it has, it forgets the token and says so
 * (`onMoved`), so that it never acts with a token that no longer works.
 */
export function ContinueOnAnotherDevice({ place, onMoved }: { place: Place; onMoved: () => void }) {
  const { t, i18n } = useTranslation(['handoff', 'common']);
  const [open, setOpen] = useState(false);
  const [offer, setOffer] = useState<HandoffOffer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const { sessionId, participantId, initiator, token } = place;

  const moved = () => {
    sessionStore.forgetPlace(sessionId, participantId, initiator);
    onMoved();
  };
  const movedNow = useRef(moved);
  movedNow.current = moved;

  const makeCode = async () => {
    setFailure(null);
    setExpired(false);
    try {
      setOffer(await api.offerHandoff(sessionId, participantId, token));
    } catch (error) {
      if (isPlaceMoved(error)) return moved();
      setFailure(error instanceof ApiCallError && error.code === 'handoff_limit_reached' ? t('limitReached') : t('offerFailed'));
    }
  };

  // While a code can be redeemed, check whether it was.
  useEffect(() => {
    if (!offer) return;
    const check = setInterval(() => {
      if (Date.now() >= new Date(offer.expiresAt).getTime()) {
        setExpired(true);
        clearInterval(check);
        return;
      }
      api.checkPlace(sessionId, participantId, token).catch((error: unknown) => {
        if (isPlaceMoved(error)) movedNow.current();
      });
    }, LIMITS.handoffCheckMs);
    return () => clearInterval(check);
  }, [offer, sessionId, participantId, token]);

  const time = offer ? new Date(offer.expiresAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) : '';
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          setOpen(true);
          if (!offer || expired) void makeCode();
        }}
      >
        {t('open')}
      </button>
      <Modal open={open} title={t('title')} closeLabel={t('common:close')} onClose={() => setOpen(false)}>
        <p>{t('explain')}</p>
        {failure && (
          <p role="alert" className="notice notice-error">
            {failure}
          </p>
        )}
        {offer && !expired && (
          <div className="handoff-code">
            <QrCode url={linkOnThisApp(offer.url)} label={t('qr')} />
            <LinkToShare
              id="handoff-link"
              label={t('link')}
              url={linkOnThisApp(offer.url)}
              copy={t('copy')}
              copied={t('copied')}
              copyFailed={t('copyFailed')}
            />
            <p className="field-hint">{t('validUntil', { time })}</p>
          </div>
        )}
        {(expired || failure) && (
          <div>
            {expired && <p className="notice notice-info">{t('expired')}</p>}
            <button type="button" className="button" onClick={() => void makeCode()}>
              {t('newCode')}
            </button>
          </div>
        )}
      </Modal>
    </>
  );
}
