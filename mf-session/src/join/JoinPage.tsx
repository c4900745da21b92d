import { ButtonLink } from '@idv/ui';
import { LIMITS, type ValidationCode, formatJoinCodeInput, validateSessionCode } from '@idv/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function JoinPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  // Checked here, so that a mistyped code is said on the form rather than on a not-found page.
  const [error, setError] = useState<ValidationCode | null>(null);
  return (
    <section className="screen" aria-labelledby="join-title">
      <h1 id="join-title">{t('join.title')}</h1>
      <form
        className="card screen"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = validateSessionCode(code);
          if (!checked.ok) return setError(checked.code);
          navigate(`/invite/${checked.value}`);
        }}
      >
        <div className="field">
          <label htmlFor="join-code">{t('join.code')}</label>
          <input
            id="join-code"
            value={code}
            maxLength={LIMITS.joinCodeMaxLength}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={error ? 'join-hint join-error' : 'join-hint'}
            aria-invalid={error !== null || undefined}
            onChange={(event) => {
              setCode(formatJoinCodeInput(event.target.value));
              setError(null);
            }}
          />
          <p className="field-hint" id="join-hint">
            {t('join.hint')}
          </p>
          {error && (
            <p className="field-error" id="join-error" role="alert">
              {t(`validation.${error}`)}
            </p>
          )}
        </div>
        <div className="actions">
          <ButtonLink to="/" secondary>
            {t('join.back')}
          </ButtonLink>
          <button type="submit" className="button">
            {t('join.join')}
          </button>
        </div>
      </form>
    </section>
  );
}
