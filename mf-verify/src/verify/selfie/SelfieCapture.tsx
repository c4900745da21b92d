import type { LivenessChallenge, LivenessMove } from '@idv/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_PROBLEM_MESSAGES, ImageRejected, prepareImage } from '../uploads/prepare-image';
import {
  type CameraProblem,
  SELFIE_CONSTRAINTS,
  browserCameraEnvironment,
  cameraPrecheck,
  cameraProblemOf,
  captureFrame,
  captureLivenessFrame,
  liveBrightness,
} from './camera';
import { type CaptureProgress, DARK_LUMA, type GuidedSelfie, runCapture } from './head-turn-capture';
import { FACE_GUIDE_EVERY_MS, type FaceGuidance, type FoundFace, faceFinder, faceGuidance, pageCaptureChecks } from './face-guide';

type Problem = { kind: 'camera'; camera: CameraProblem } | { kind: 'live' } | { kind: 'capture' } | { kind: 'file'; key: string };

/**
 * How the person makes the moves: turning the head before a still camera, or, for a person who
 * cannot turn their head, keeping it still while the camera moves round it (they, or someone with
 * them). The frames are the same turn seen from the camera, and the server decides them alike.
 */
type MoveWay = 'head' | 'camera';
type Arrow = 'left' | 'right' | 'up' | 'down';
const ARROW_GLYPHS: Record<Arrow, string> = { left: '←', right: '→', up: '↑', down: '↓' };
/**
 * Where the arrow of each move points, in the mirrored view, for each way of making it: a head
 * turned to the person's left moves to the screen's left; a camera moved round a still head goes
 * the other way (to the person's right, for the same view of the face), and so points there.
 */
const ARROWS: Record<MoveWay, Record<LivenessMove, Arrow>> = {
  head: { turn_left: 'left', turn_right: 'right', look_up: 'up', look_down: 'down' },
  camera: { turn_left: 'right', turn_right: 'left', look_up: 'down', look_down: 'up' },
};
/** How often the live view's brightness is looked at, to say when it is too dark. */
const BRIGHTNESS_EVERY_MS = 700;

/**
 * The selfie: a placeholder with Take selfie, then the live mirrored view with Capture and Close.
 * Capture takes the selfie from the stream and then guides the head turns of the server's challenge
 * (docs/liveness.md), one at a time, said aloud to screen readers, made by turning the head or, for
 * a person who cannot, by moving the camera round a still head; then the captured picture with
 * Retake. Camera problems are said inline; after one, a photo can be uploaded instead (no capture).
 */
export function SelfieCapture(props: {
  value: GuidedSelfie | null;
  onChange: (selfie: GuidedSelfie | null) => void;
  /** The challenge for this attempt, or null when it cannot be had (the selfie is then taken alone). */
  issueChallenge: () => Promise<LivenessChallenge | null>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('verify');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const capturing = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const [progress, setProgress] = useState<CaptureProgress | 'preparing' | null>(null);
  const [dark, setDark] = useState(false);
  const [face, setFace] = useState<FaceGuidance | null>(null);
  const [way, setWay] = useState<MoveWay>('head');
  const [problem, setProblem] = useState<Problem | null>(null);
  // A picture from the camera is shown as the live view was, mirrored, so that it does not flip on
  // capture; what is sent is the picture as the camera took it (as the document shows the face).
  const [fromCamera, setFromCamera] = useState(false);

  const stop = () => {
    capturing.current?.abort();
    capturing.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setProgress(null);
    setDark(false);
    setOpen(false);
  };

  useEffect(() => stop, []);

  useEffect(() => {
    if (open && video.current && stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [open]);

  // Too dark to see a face: said while the view is open, before and during the capture.
  useEffect(() => {
    if (!open) return undefined;
    const timer = setInterval(() => {
      const brightness = video.current ? liveBrightness(video.current) : null;
      setDark(brightness !== null && brightness < DARK_LUMA);
    }, BRIGHTNESS_EVERY_MS);
    return () => clearInterval(timer);
  }, [open]);

  // The face in the view, before the capture: none, moving, too far, not looking at the camera, or ready.
  const waitingToCapture = open && progress === null;
  useEffect(() => {
    setFace(null);
    if (!waitingToCapture) return undefined;
    let stopped = false;
    let looking = false;
    let before: FoundFace | undefined;
    const timer = setInterval(() => {
      const view = video.current;
      if (looking || !view?.videoWidth) return;
      looking = true;
      void faceFinder()
        .then(async (finder) => {
          if (!finder) return clearInterval(timer);
          const found = await finder.find(view);
          if (!stopped) setFace(faceGuidance(found, view.videoWidth, before));
          before = found;
        })
        .catch(() => undefined)
        .finally(() => (looking = false));
    }, FACE_GUIDE_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waitingToCapture]);

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

  const capture = async () => {
    const view = video.current;
    if (!view || !view.videoWidth) return setProblem({ kind: 'capture' });
    setProblem(null);
    const controller = new AbortController();
    capturing.current = controller;
    setProgress('preparing');
    const challenge = await props.issueChallenge();
    if (controller.signal.aborted) return;
    try {
      const taken = await runCapture({
        challenge,
        camera: { selfie: () => captureFrame(view), frame: () => captureLivenessFrame(view) },
        onProgress: setProgress,
        signal: controller.signal,
        // the page's face model, where it runs, sees whether the start faces the camera and each move was made;
        // a start turned away, or a move not made, is asked for once more
        ...pageCaptureChecks(),
      });
      stop();
      setFromCamera(true);
      props.onChange(taken);
    } catch {
      // Closed while capturing: nothing to say; else the camera gave no picture (CaptureFailed).
      if (controller.signal.aborted) return;
      capturing.current = null;
      setProgress(null);
      setProblem({ kind: 'capture' });
    }
  };

  const retake = () => {
    props.onChange(null);
    void start();
  };

  const fromFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      props.onChange({ selfie: await prepareImage(file), proofOfLife: '' });
      setFromCamera(false);
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
  const guide = (p: CaptureProgress | 'preparing') => {
    if (p === 'preparing') return t('selfie.guide.preparing');
    if (p.phase === 'look') return t(p.again ? 'selfie.guide.face.lookAtCamera' : 'selfie.guide.look');
    const move = `${t(`selfie.guide.${way === 'head' ? 'moves' : 'cameraMoves'}.${p.move}`)}. ${t('selfie.guide.progress', { current: p.index + 1, total: p.count })}`;
    return p.further ? `${t('selfie.guide.further')} ${move}` : move;
  };
  const askedAgain = progress !== null && progress !== 'preparing' && (progress.phase === 'look' ? progress.again : progress.further) === true;
  const offerFile = problem !== null && problem.kind !== 'capture' && !props.value;

  return (
    <fieldset className="selfie card">
      <legend>{t('selfie.title')}</legend>
      {props.value ? (
        <>
          <img className={`selfie-view${fromCamera ? ' selfie-mirrored' : ''}`} src={props.value.selfie} alt={t('selfie.captured')} />
          <div className="actions">
            <button type="button" className="button button-secondary" disabled={props.disabled} onClick={retake}>
              {t('selfie.retake')}
            </button>
          </div>
        </>
      ) : open ? (
        <>
          <div className="selfie-stage">
            <video
              ref={video}
              className="selfie-view selfie-live"
              aria-label={t('selfie.live')}
              autoPlay
              playsInline
              muted
              onError={() => {
                stop();
                setProblem({ kind: 'live' });
              }}
            />
            <div className="face-outline" aria-hidden="true" />
            {progress !== null && progress !== 'preparing' && progress.phase === 'move' && (
              <span key={progress.index} className={`move-arrow arrow-${ARROWS[way][progress.move]}`} aria-hidden="true">
                {ARROW_GLYPHS[ARROWS[way][progress.move]]}
              </span>
            )}
          </div>
          <p className={`capture-guide${askedAgain ? ' capture-guide-fix' : ''}`} aria-live="assertive" aria-atomic="true">
            {progress === null ? t(way === 'head' ? 'selfie.guide.intro' : 'selfie.guide.cameraIntro') : guide(progress)}
          </p>
          <div className="checkbox">
            <input
              id="move-camera"
              type="checkbox"
              checked={way === 'camera'}
              disabled={progress !== null}
              onChange={(event) => setWay(event.target.checked ? 'camera' : 'head')}
            />
            <label htmlFor="move-camera">{t('selfie.guide.cannotTurn')}</label>
          </div>
          {face && progress === null && (
            <p className={`face-guide face-guide-${face === 'ready' ? 'ready' : 'fix'}`} role="status">
              {t(`selfie.guide.face.${face}`)}
            </p>
          )}
          {dark && (
            <p className="notice notice-warning" role="status">
              {t('selfie.guide.tooDark')}
            </p>
          )}
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={stop}>
              {t('selfie.close')}
            </button>
            <button type="button" className="button" disabled={progress !== null} aria-busy={progress !== null} onClick={() => void capture()}>
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
        <div className="field selfie-file">
          <label htmlFor="selfie-file">{t('selfie.fromFile')}</label>
          {/* The app's own button opens the browser's file picker: a bare file input is drawn by the browser, in its language. */}
          <input
            ref={fileInput}
            id="selfie-file"
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            tabIndex={-1}
            disabled={props.disabled}
            onChange={(event) => void fromFile(event.target.files?.[0])}
          />
          <button
            type="button"
            className="button button-secondary"
            aria-label={`${t('selfie.fromFile')}: ${t('verify.choose')}`}
            disabled={props.disabled}
            onClick={() => fileInput.current?.click()}
          >
            {t('verify.choose')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
