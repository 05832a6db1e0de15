import { ArrowRightOutlined, CustomerServiceOutlined, DeploymentUnitOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FareSearchMockup } from './FareSearchMockup';
import { SECTION_IDS, scrollToSection } from './section-ids';

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-hero" aria-labelledby="lp-hero-title">
      <div className="lp-hero-glow" aria-hidden="true" />
      <div className="lp-container lp-hero-grid">
        <div className="lp-hero-copy">
          <p className="lp-eyebrow lp-eyebrow--light">{t('landing.hero.eyebrow')}</p>
          <h1 id="lp-hero-title">{t('landing.hero.title')}</h1>
          <p className="lp-hero-subtitle">{t('landing.hero.subtitle')}</p>
          <div className="lp-hero-actions">
            <button type="button" className="portal-btn portal-btn--primary portal-btn--large" onClick={() => scrollToSection(SECTION_IDS.partnership)}>
              {t('landing.hero.primary')} <ArrowRightOutlined />
            </button>
            <button type="button" className="portal-btn portal-btn--ghost portal-btn--large" onClick={() => scrollToSection(SECTION_IDS.solutions)}>
              {t('landing.hero.secondary')}
            </button>
          </div>
          <ul className="lp-hero-trust">
            <li>
              <DeploymentUnitOutlined /> {t('landing.hero.trust.content')}
            </li>
            <li>
              <CustomerServiceOutlined /> {t('landing.hero.trust.support')}
            </li>
            <li>
              <GlobalOutlined /> {t('landing.hero.trust.currency')}
            </li>
          </ul>
        </div>
        <FareSearchMockup />
      </div>
    </section>
  );
}
