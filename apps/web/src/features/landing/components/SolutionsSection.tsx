import type { ReactNode } from 'react';
import { ApiOutlined, CheckOutlined, CloudServerOutlined, DesktopOutlined, SkinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './SectionHeader';
import { SECTION_IDS, scrollToSection } from './section-ids';

type ModeId = 'api' | 'portal' | 'whiteLabel' | 'saas';

/** The four cooperation modes for flights (spec point 1). */
const MODES: { id: ModeId; icon: ReactNode }[] = [
  { id: 'api', icon: <ApiOutlined /> },
  { id: 'portal', icon: <DesktopOutlined /> },
  { id: 'whiteLabel', icon: <SkinOutlined /> },
  { id: 'saas', icon: <CloudServerOutlined /> },
];
const BULLETS = ['p1', 'p2', 'p3'] as const;

export function SolutionsSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-section" id={SECTION_IDS.solutions} aria-labelledby="lp-solutions-title">
      <div className="lp-container">
        <SectionHeader
          id="lp-solutions-title"
          eyebrow={t('landing.solutions.eyebrow')}
          title={t('landing.solutions.title')}
          subtitle={t('landing.solutions.subtitle')}
        />
        <ol className="lp-solutions">
          {MODES.map((m, i) => (
            <li key={m.id} className="lp-card lp-solution">
              <div className="lp-solution-head">
                <span className="lp-icon-tile">{m.icon}</span>
                <span className="lp-solution-index">{String(i + 1).padStart(2, '0')}</span>
              </div>
              <h3>{t(`landing.solutions.items.${m.id}.title`)}</h3>
              <p>{t(`landing.solutions.items.${m.id}.desc`)}</p>
              <ul className="lp-checklist">
                {BULLETS.map((b) => (
                  <li key={b}>
                    <CheckOutlined /> {t(`landing.solutions.items.${m.id}.${b}`)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
        <div className="lp-center">
          <button type="button" className="portal-btn portal-btn--primary portal-btn--large" onClick={() => scrollToSection(SECTION_IDS.partnership)}>
            {t('landing.solutions.cta')}
          </button>
        </div>
      </div>
    </section>
  );
}
