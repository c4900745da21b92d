import { LIMITS, type ValidationCode, canAddParticipant, validateEmail, validateName, validateParticipants, validatePurpose } from '@idv/contracts';
import { api, sessionStore } from '@idv/api-client';
import { TermsCheckbox } from '@idv/ui';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type CreateDraft, clearDraft, loadDraft, saveDraft } from './create-draft';

type Errors = Record<string, ValidationCode>;

export function CreatePage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CreateDraft>(loadDraft);
  const [errors, setErrors] = useState<Errors>({});
  const [pausing, setPausing] = useState(false);
  const [creating, setCreating] = useState(false);
  const [failed, setFailed] = useState(false);
  const [limitMessage, setLimitMessage] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);

  useEffect(() => saveDraft(draft), [draft]);

  // Continue and Back replace the form the focus was in: the focus goes to the line saying which
  // step this is, not to the page's body (not when the page opens).
  const stepLine = useRef<HTMLParagraphElement>(null);
  const shownStep = useRef(draft.step);
  useEffect(() => {
    if (shownStep.current === draft.step) return;
    shownStep.current = draft.step;
    stepLine.current?.focus();
  }, [draft.step]);

  /** Edits a field and clears its error (docs/product.md, "Rules"). */
  const edit = (changes: Partial<CreateDraft>, field: string) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const editParticipant = (index: number, field: 'name' | 'email', value: string) => {
    setDraft((current) => ({ ...current, participants: current.participants.map((p, i) => (i === index ? { ...p, [field]: value } : p)) }));
    setErrors(({ [`participants.${index}.${field}`]: _cleared, participants: _list, ...rest }) => rest);
  };

  /**
   * A field left with something in it is checked at once: its message, not a grey button, says what
   * is wrong. Not when the focus leaves for a control being pressed (a checkbox, a button, a link):
   * the message would move that control from under the pointer and the press would be lost; the
   * button's own action checks the field anyway.
   */
  const checkOnLeave = (event: FocusEvent<HTMLInputElement>, field: string, rule: (value: string) => { ok: boolean; code?: ValidationCode }) => {
    const value = event.target.value;
    if (!value.trim() || isPressable(event.relatedTarget)) return;
    const result = rule(value);
    if (!result.ok && result.code) setErrors((current) => ({ ...current, [field]: result.code as ValidationCode }));
  };
  const nameRule = (requiredCode: ValidationCode) => (value: string) => validateName(value, requiredCode);
  const emailRule = (requiredCode: ValidationCode) => (value: string) => validateEmail(value, requiredCode);

  const continueToStep2 = () => {
    const next: Errors = {};
    const name = validateName(draft.name, 'initiator_required');
    const email = validateEmail(draft.email, 'initiator_required');
    const purpose = validatePurpose(draft.purpose);
    if (!name.ok) next['name'] = name.code;
    if (!email.ok) next['email'] = email.code;
    if (!purpose.ok) next['purpose'] = purpose.code;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setPausing(true);
    setTimeout(() => {
      setPausing(false);
      setDraft((current) => ({ ...current, step: 2 }));
    }, LIMITS.createStepPauseMs);
  };

  const addParticipant = () => {
    if (!canAddParticipant(draft.participants.length + 1)) {
      setLimitMessage(true);
      return;
    }
    setDraft((current) => ({ ...current, participants: [...current.participants, { name: '', email: '' }] }));
  };

  const removeParticipant = (index: number) => {
    if (draft.participants.length <= 1) return;
    setLimitMessage(false);
    setDraft((current) => ({ ...current, participants: current.participants.filter((_, i) => i !== index) }));
  };

  const create = async () => {
    const everyone = [{ name: draft.name, email: draft.email }, ...draft.participants];
    const result = validateParticipants(everyone);
    if (!result.ok) {
      const next: Errors = {};
      if (result.fieldErrors.length === 0) next['participants'] = result.code;
      for (const error of result.fieldErrors) {
        if (error.index > 0) next[`participants.${error.index - 1}.${error.field}`] = error.code;
      }
      setErrors(next);
      return;
    }
    setCreating(true);
    setFailed(false);
    try {
      const { session, initiatorToken } = await api.createSession({
        initiator: result.value[0].name,
        participants: result.value,
        purpose: draft.purpose,
        termsAccepted: true,
      });
      sessionStore.setInitiatorToken(session._id, initiatorToken);
      sessionStore.setParticipantToken(session._id, session.initiatorParticipantId, initiatorToken);
      clearDraft();
      navigate(`/session/${session._id}`);
    } catch {
      setFailed(true);
      setCreating(false);
    }
  };

  const filled = Boolean(draft.name && draft.email && draft.purpose);
  // Product spec: the add button shows the maximum once two more participants are listed.
  const atMaximum = !canAddParticipant(draft.participants.length + 1);
  const fieldError = (field: string) =>
    errors[field] ? (
      <p className="field-error" id={`${field}-error`}>
        {t(`validation.${errors[field]}`)}
      </p>
    ) : null;
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {});

  return (
    <section className="screen" aria-labelledby="create-title">
      <h1 id="create-title">{t('create.title')}</h1>
      <p className="field-hint" ref={stepLine} tabIndex={-1}>
        {t('create.step', { step: draft.step })}
      </p>

      {draft.step === 1 ? (
        <form
          className="card screen"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            continueToStep2();
          }}
        >
          <h2>{t('create.yourDetails')}</h2>
          <div className="field">
            <label htmlFor="create-name">{t('create.name')}</label>
            <input
              id="create-name"
              value={draft.name}
              autoComplete="name"
              onChange={(e) => edit({ name: e.target.value }, 'name')}
              onBlur={(e) => checkOnLeave(e, 'name', nameRule('initiator_required'))}
              {...invalid('name')}
            />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor="create-email">{t('create.email')}</label>
            <input
              id="create-email"
              type="email"
              value={draft.email}
              autoComplete="email"
              onChange={(e) => edit({ email: e.target.value }, 'email')}
              onBlur={(e) => checkOnLeave(e, 'email', emailRule('initiator_required'))}
              {...invalid('email')}
            />
            {fieldError('email')}
          </div>
          <div className="field">
            <label htmlFor="create-purpose">{t('create.purpose')}</label>
            <input
              id="create-purpose"
              value={draft.purpose}
              maxLength={LIMITS.purposeMaxLength}
              placeholder={t('create.purposePlaceholder')}
              onChange={(e) => edit({ purpose: e.target.value.slice(0, LIMITS.purposeMaxLength) }, 'purpose')}
              {...invalid('purpose')}
            />
            <p className="field-hint" aria-live="polite">
              {t('create.purposeCounter', { count: draft.purpose.length })}
            </p>
            {fieldError('purpose')}
          </div>
          <div className="actions">
            <button type="submit" className="button" disabled={!filled || pausing} aria-describedby={filled ? undefined : 'create-fill-hint'}>
              {pausing ? t('common:loading') : t('create.continue')}
            </button>
          </div>
          {!filled && (
            <p id="create-fill-hint" className="field-hint">
              {t('create.fillToContinue')}
            </p>
          )}
        </form>
      ) : (
        <form
          className="screen"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          {failed && (
            <div role="alert" className="notice notice-error">
              <p>{t('create.failed')}</p>
              <button type="button" className="link-button" onClick={() => setFailed(false)}>
                {t('create.dismiss')}
              </button>
            </div>
          )}
          <div className="card">
            <h2>{t('create.summary')}</h2>
            <p>
              {draft.name} · {draft.email}
            </p>
            <p>{draft.purpose}</p>
          </div>
          <div className="card screen">
            <h2>{t('create.participantsTitle')}</h2>
            {draft.participants.map((participant, index) => (
              <div className="participant-row" key={index}>
                <div className="field">
                  <label htmlFor={`participant-${index}-name`}>{t('create.participantName', { number: index + 1 })}</label>
                  <input
                    id={`participant-${index}-name`}
                    value={participant.name}
                    onChange={(e) => editParticipant(index, 'name', e.target.value)}
                    onBlur={(e) => checkOnLeave(e, `participants.${index}.name`, nameRule('participant_required'))}
                    {...invalid(`participants.${index}.name`)}
                  />
                  {fieldError(`participants.${index}.name`)}
                </div>
                <div className="field">
                  <label htmlFor={`participant-${index}-email`}>{t('create.participantEmail', { number: index + 1 })}</label>
                  <input
                    id={`participant-${index}-email`}
                    type="email"
                    value={participant.email}
                    onChange={(e) => editParticipant(index, 'email', e.target.value)}
                    onBlur={(e) => checkOnLeave(e, `participants.${index}.email`, emailRule('participant_required'))}
                    {...invalid(`participants.${index}.email`)}
                  />
                  {fieldError(`participants.${index}.email`)}
                </div>
                {draft.participants.length > 1 && (
                  <button type="button" className="button button-secondary" onClick={() => removeParticipant(index)}>
                    {t('create.remove', { number: index + 1 })}
                  </button>
                )}
              </div>
            ))}
            {fieldError('participants')}
            <div>
              <button
                type="button"
                className="button button-secondary"
                onClick={addParticipant}
                disabled={atMaximum}
                aria-describedby={atMaximum ? 'create-max-reached' : undefined}
              >
                {t('create.add')}
              </button>
            </div>
            {(atMaximum || limitMessage) && (
              <p id="create-max-reached" role="status" className="field-hint">
                {t('create.maxReached')}
              </p>
            )}
          </div>
          <TermsCheckbox id="create-terms" checked={termsAccepted} onChange={setTermsAccepted} />
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={() => setDraft((current) => ({ ...current, step: 1 }))}>
              {t('create.back')}
            </button>
            <button type="submit" className="button" disabled={!termsAccepted || creating}>
              {creating ? t('create.creating') : t('create.create')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** A control a click is pressing when it takes the focus: a button, a link, a checkbox or a radio. */
function isPressable(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement) return true;
  return element instanceof HTMLInputElement && ['checkbox', 'radio', 'submit', 'button'].includes(element.type);
}
