import { ButtonLink } from '@idv/ui';
import { useTranslation } from 'react-i18next';
import './landing.css';

interface Item {
  title: string;
  text: string;
}

export function LandingPage() {
  const { t } = useTranslation('landing');
  const features = t('features.items', { returnObjects: true }) as Item[];
  const steps = t('how.steps', { returnObjects: true }) as Item[];
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t('hero.title')}</h1>
        <p className="hero-subtitle">{t('hero.subtitle')}</p>
        <div className="hero-actions">
          <ButtonLink to="/create">{t('hero.start')}</ButtonLink>
          <ButtonLink to="/join" secondary>
            {t('hero.join')}
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title">{t('features.title')}</h2>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="feature">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title">{t('how.title')}</h2>
        <ol className="steps">
          {steps.map((step) => (
            <li key={step.title} className="step">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{t('cta.title')}</h2>
        <p>{t('cta.text')}</p>
        <ButtonLink to="/create">{t('cta.button')}</ButtonLink>
      </section>
    </div>
  );
}
