import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { lazy } from 'react';
import { Island } from '../../../components/Island';
import { loadAllTexts } from '../../../lib/i18n';
import { SECTION_IDS } from './section-ids';

/** The form is antd: an island of the otherwise antd-free landing page, loaded when wanted (components/Island). */
const PartnershipFormIsland = lazy(() => Promise.all([import('./PartnershipFormIsland'), loadAllTexts()]).then(([m]) => m));

const BENEFITS = ['b1', 'b2', 'b3', 'b4'] as const;

export function PartnershipSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-section lp-partnership" id={SECTION_IDS.partnership} aria-labelledby="lp-partnership-title">
      <div className="lp-container lp-partnership-grid">
        <div className="lp-partnership-intro">
          <p className="lp-eyebrow lp-eyebrow--light">{t('landing.partnership.eyebrow')}</p>
          <h2 className="lp-section-title lp-section-title--light" id="lp-partnership-title">
            {t('landing.partnership.title')}
          </h2>
          <p className="lp-partnership-subtitle">{t('landing.partnership.subtitle')}</p>
          <ul className="lp-benefits">
            {BENEFITS.map((b) => (
              <li key={b}>
                <CheckCircleFilled /> {t(`landing.partnership.benefits.${b}`)}
              </li>
            ))}
          </ul>
          <p className="lp-partnership-privacy">
            {t('landing.partnership.privacy')} <Link to={paths.privacy}>{t('landing.partnership.privacyLink')}</Link>
            {t('landing.partnership.privacyEnd')}
          </p>
        </div>
        <div className="lp-card lp-partnership-card">
          <Island component={PartnershipFormIsland} placeholder={<div className="lp-form-slot" />} />
        </div>
      </div>
    </section>
  );
}
