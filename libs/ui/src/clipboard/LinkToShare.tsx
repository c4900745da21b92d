import { type CopyResult, useClipboardCopy } from './use-clipboard-copy';

/** What a copy did, said to screen readers and shown under the control: copied, or copy it by hand. */
export function CopyStatus({ result, copied, failed }: { result: CopyResult; copied: string; failed: string }) {
  return (
    <p role="status" className="field-hint">
      {result === 'copied' ? copied : result === 'failed' ? failed : ''}
    </p>
  );
}

/** A link to hand on: its label, the link (selected on focus) with a copy button, and what the copy did. */
export function LinkToShare(props: { id: string; label: string; url: string; copy: string; copied: string; copyFailed: string }) {
  const { result, copy } = useClipboardCopy();
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <div className="share-link">
        <input id={props.id} readOnly value={props.url} onFocus={(event) => event.target.select()} />
        <button type="button" className="button" onClick={() => void copy(props.url)}>
          {props.copy}
        </button>
      </div>
      <CopyStatus result={result} copied={props.copied} failed={props.copyFailed} />
    </>
  );
}
