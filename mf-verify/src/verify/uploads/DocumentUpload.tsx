import type { PhotoProblem } from '@idv/photo-checks';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_PROBLEM_MESSAGES, ImageRejected, type ImageProblem, prepareImage } from './prepare-image';
import { documentPhotoAdvice } from './photo-guidance';
import { useTouchScreen } from './touch-screen';

export interface PreparedImage {
  dataUrl: string;
  fileName: string;
}

/**
 * One side of the ID document: drop a photo or click to choose one. Only the first file is used;
 * it is checked and downscaled here, and the area says when it is ready.
 */
export function DocumentUpload(props: { label: string; value: PreparedImage | null; onChange: (image: PreparedImage | null) => void; disabled?: boolean }) {
  const { t } = useTranslation('verify');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [dragging, setDragging] = useState(false);
  // What the photo looks like it needs (too dark, a reflection, blurred, too far): said, never enforced.
  const [advice, setAdvice] = useState<PhotoProblem[]>([]);
  // Nothing is dragged on a phone: the hints say tap there.
  const touch = useTouchScreen();

  const take = async (file: File | undefined) => {
    if (!file || props.disabled) return;
    setProblem(null);
    setAdvice([]);
    setPreparing(true);
    try {
      const dataUrl = await prepareImage(file);
      props.onChange({ dataUrl, fileName: file.name });
      setAdvice(await documentPhotoAdvice(dataUrl));
    } catch (error) {
      setProblem(error instanceof ImageRejected ? error.problem : 'unreadable');
    } finally {
      setPreparing(false);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const errorId = `${inputId}-error`;
  return (
    <div className="upload-field">
      <label htmlFor={inputId} className="upload-label">
        {props.label}
      </label>
      <div
        className={`upload-area${dragging ? ' upload-area-dragging' : ''}${props.value ? ' upload-area-ready' : ''}`}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {props.value ? <img className="upload-preview" src={props.value.dataUrl} alt="" /> : null}
        <div className="upload-text">
          {preparing ? (
            <p role="status">{t('verify.preparing')}</p>
          ) : props.value ? (
            <>
              <p className="upload-ready" role="status">
                {t('verify.ready', { file: props.value.fileName })}
              </p>
              <p className="field-hint">{t(touch ? 'verify.replaceTouch' : 'verify.replace')}</p>
            </>
          ) : (
            <p className="field-hint">{t(touch ? 'verify.dropHintTouch' : 'verify.dropHint')}</p>
          )}
          <button
            type="button"
            className="button button-secondary"
            disabled={props.disabled}
            onClick={(event) => {
              event.stopPropagation();
              input.current?.click();
            }}
          >
            {t('verify.choose')}
          </button>
        </div>
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={props.disabled}
          aria-describedby={problem ? errorId : undefined}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => void take(event.target.files?.[0])}
        />
      </div>
      {props.value && advice.length > 0 && (
        <div className="photo-advice" role="status">
          <p>{t('verify.advice.title')}</p>
          <ul>
            {advice.map((item) => (
              <li key={item}>{t(`verify.advice.${item}`)}</li>
            ))}
          </ul>
          <p className="field-hint">{t('verify.advice.useAnyway')}</p>
        </div>
      )}
      {problem && (
        <p id={errorId} role="alert" className="field-error">
          {t(IMAGE_PROBLEM_MESSAGES[problem])}
        </p>
      )}
    </div>
  );
}
