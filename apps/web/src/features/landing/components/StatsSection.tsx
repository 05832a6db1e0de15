import { AppstoreAddOutlined, CreditCardOutlined, DollarOutlined, GiftOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

// The marketing claims of spec point 1: three headline figures, then the capabilities that have no number.
const FIGURES = ['suppliers', 'years', 'support'] as const;
const FEATURES = [
  { id: 'currency', icon: <DollarOutlined /> },
  { id: 'language', icon: <TranslationOutlined /> },
  { id: 'payment', icon: <CreditCardOutlined /> },
  { id: 'custom', icon: <AppstoreAddOutlined /> },
  { id: 'ancillary', icon: <GiftOutlined /> },
] as const;

export function StatsSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-stats" aria-labelledby="lp-stats-title">
      <div className="lp-container">
        <p className="lp-eyebrow lp-eyebrow--light">{t('landing.stats.eyebrow')}</p>
        <h2 className="lp-section-title lp-section-title--light" id="lp-stats-title">
          {t('landing.stats.title')}
        </h2>
        <dl className="lp-figures">
          {FIGURES.map((id) => (
            <div key={id} className="lp-figure">
              <dt>{t(`landing.stats.${id}.label`)}</dt>
              <dd>{t(`landing.stats.${id}.value`)}</dd>
            </div>
          ))}
        </dl>
        <ul className="lp-features">
          {FEATURES.map((f) => (
            <li key={f.id}>
              {f.icon} {t(`landing.stats.features.${f.id}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
