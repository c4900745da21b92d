import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_PROBLEM_MESSAGES, ImageRejected, prepareImage } from '../uploads/prepare-image';
import { type CameraProblem, SELFIE_CONSTRAINTS, browserCameraEnvironment, cameraPrecheck, cameraProblemOf, captureFrame } from './camera';

type Problem = { kind: 'camera'; camera: CameraProblem } | { kind: 'live' } | { kind: 'capture' } | { kind: 'file'; key: string };

/**
 * The selfie: a placeholder with Take selfie, then the live mirrored view with Capture and Close,
 * then the captured picture with Retake. Camera problems are said inline; after one, a photo can
 * be uploaded instead.
 */
export function SelfieCapture(props: { value: string | null; onChange: (selfie: string | null) => void; disabled?: boolean }) {
  const { t } = useTranslation('verify');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setOpen(false);
  };

  useEffect(() => stop, []);

  useEffect(() => {
    if (open && video.current && stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [open]);

  const start = async () => {
    setProblem(null);
    const precheck = cameraPrecheck(browserCameraEnvironment());
    if (precheck) return setProblem({ kind: 'camera', camera: precheck });
    setStarting(true);
    try {
      const media = await navigator.mediaDevices.getUserMedia(SELFIE_CONSTRAINTS);
      stream.current = media;
      media.getVideoTracks().forEach((track) =>
        track.addEventListener('ended', () => {
          // The camera went away while the view was open (unplugged, taken by another app).
          if (stream.current === media) {
            stop();
            setProblem({ kind: 'live' });
          }
        }),
      );
      setOpen(true);
    } catch (error) {
      setProblem({ kind: 'camera', camera: cameraProblemOf(error) });
    } finally {
      setStarting(false);
    }
  };

  const capture = () => {
    const selfie = video.current ? captureFrame(video.current) : null;
    if (!selfie) return setProblem({ kind: 'capture' });
    stop();
    setProblem(null);
    props.onChange(selfie);
  };

  const retake = () => {
    props.onChange(null);
    void start();
  };

  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      props.onChange(await prepareImage(file));
      setProblem(null);
    } catch (error) {
      setProblem({ kind: 'file', key: IMAGE_PROBLEM_MESSAGES[error instanceof ImageRejected ? error.problem : 'unreadable'] });
    }
  };

  const message = (p: Problem) => {
    if (p.kind === 'camera') return `${t(`selfie.errors.${p.camera}.title`)}. ${t(`selfie.errors.${p.camera}.hint`)}`;
    if (p.kind === 'live') return t('selfie.liveError');
    if (p.kind === 'capture') return t('selfie.captureFailed');
    return t(p.key);
  };
  const offerFile = problem !== null && problem.kind !== 'capture' && !props.value;

  return (
    <fieldset className="selfie card">
      <legend>{t('selfie.title')}</legend>
      {props.value ? (
        <>
          <img className="selfie-view" src={props.value} alt={t('selfie.captured')} />
          <div className="actions">
            <button type="button" className="button button-secondary" disabled={props.disabled} onClick={retake}>
              {t('selfie.retake')}
            </button>
          </div>
        </>
      ) : open ? (
        <>
          <video ref={video} className="selfie-view selfie-live" aria-label={t('selfie.live')} autoPlay playsInline muted onError={() => {
            stop();
            setProblem({ kind: 'live' });
          }} />
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={stop}>
              {t('selfie.close')}
            </button>
            <button type="button" className="button" onClick={capture}>
              {t('selfie.capture')}
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="selfie-view selfie-placeholder" aria-hidden="true">
            <span>{t('selfie.placeholder')}</span>
          </div>
          <div className="actions">
            <button type="button" className="button" disabled={props.disabled || starting} onClick={() => void start()}>
              {t('selfie.take')}
            </button>
          </div>
        </>
      )}
      {problem && (
        <p role="alert" className="field-error">
          {message(problem)}
        </p>
      )}
      {offerFile && (
        <div className="field">
          <label htmlFor="selfie-file">{t('selfie.fromFile')}</label>
          <input id="selfie-file" type="file" accept="image/jpeg,image/png,image/webp" disabled={props.disabled} onChange={(event) => void fromFile(event.target.files?.[0])} />
        </div>
      )}
    </fieldset>
  );
}
