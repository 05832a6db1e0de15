import { BankOutlined, GlobalOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './SectionHeader';
import { SECTION_IDS } from './section-ids';

/** The customer types of spec point 1. */
const AUDIENCE = [
  { id: 'agencies', icon: <ShopOutlined /> },
  { id: 'corporate', icon: <BankOutlined /> },
  { id: 'tmc', icon: <TeamOutlined /> },
  { id: 'dmc', icon: <GlobalOutlined /> },
] as const;

export function AboutSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-section lp-section--tint" id={SECTION_IDS.about} aria-labelledby="lp-about-title">
      <div className="lp-container lp-split lp-split--about">
        <div>
          <SectionHeader id="lp-about-title" align="start" eyebrow={t('landing.about.eyebrow')} title={t('landing.about.title')} />
          <div className="lp-prose">
            <p>{t('landing.about.p1')}</p>
            <p>{t('landing.about.p2')}</p>
            <p className="lp-lead">{t('landing.about.p3')}</p>
          </div>
        </div>
        <aside className="lp-card lp-audience">
          <div className="lp-audience-year" aria-hidden="true">
            2001
          </div>
          <h3>{t('landing.about.audience.title')}</h3>
          <ul>
            {AUDIENCE.map((a) => (
              <li key={a.id}>
                <span className="lp-icon-tile lp-icon-tile--small">{a.icon}</span>
                {t(`landing.about.audience.${a.id}`)}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
