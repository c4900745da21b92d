import { LIMITS, formatJoinCodeInput, normalizeSessionCode } from '@idv/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

export function JoinPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState(false);
  return (
    <section className="screen" aria-labelledby="join-title">
      <h1 id="join-title">{t('join.title')}</h1>
      <form
        className="card screen"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim().length === 0) {
            setError(true);
            return;
          }
          navigate(`/invite/${encodeURIComponent(normalizeSessionCode(code))}`);
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
            aria-describedby="join-hint"
            aria-invalid={error || undefined}
            onChange={(event) => {
              setCode(formatJoinCodeInput(event.target.value));
              setError(false);
            }}
          />
          <p className="field-hint" id="join-hint">
            {t('join.hint')}
          </p>
          {error && <p className="field-error">{t('validation.session_code_required')}</p>}
        </div>
        <div className="actions">
          <Link to="/" className="button button-secondary">
            {t('join.back')}
          </Link>
          <button type="submit" className="button">
            {t('join.join')}
          </button>
        </div>
      </form>
    </section>
  );
}
