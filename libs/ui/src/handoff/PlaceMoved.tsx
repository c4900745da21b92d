import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** What the first device shows once its place moved to another device: where things go on, and the session's status. */
export function PlaceMoved({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('handoff');
  return (
    <section className="screen" aria-labelledby="moved-title">
      <h1 id="moved-title">{t('moved.title')}</h1>
      <p>{t('moved.body')}</p>
      <div>
        <Link to={`/results/${sessionId}`} className="button">
          {t('moved.status')}
        </Link>
      </div>
    </section>
  );
}
