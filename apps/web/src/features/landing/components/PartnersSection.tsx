import { useTranslation } from 'react-i18next';
import { SectionHeader } from './SectionHeader';

// Text badges, not logos: no remote images, no brand artwork to license, and names translate with the page.
const AIRLINES = ['CA', 'MU', 'CZ', 'HU', 'CX', 'SQ', 'EK', 'QR', 'TK', 'LH', 'BA', 'AF', 'KL', 'NH', 'JL', 'KE', '9C', 'AK', 'TR', 'VJ'];
const SYSTEMS = ['amadeus', 'sabre', 'travelport', 'travelsky', 'ndc', 'lcc'];

export function PartnersSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-section" aria-labelledby="lp-partners-title">
      <div className="lp-container">
        <SectionHeader id="lp-partners-title" eyebrow={t('landing.partners.eyebrow')} title={t('landing.partners.title')} />
        <div className="lp-partners">
          <h3>{t('landing.partners.systems')}</h3>
          <ul className="lp-badges lp-badges--systems">
            {SYSTEMS.map((id) => (
              <li key={id}>{t(`landing.partners.names.${id}`)}</li>
            ))}
          </ul>
          <h3>{t('landing.partners.airlines')}</h3>
          <ul className="lp-badges">
            {AIRLINES.map((code) => (
              <li key={code}>
                <span className="lp-badge-code">{code}</span>
                {t(`landing.partners.names.${code}`)}
              </li>
            ))}
          </ul>
          <p className="lp-fineprint">{t('landing.partners.note')}</p>
        </div>
      </div>
    </section>
  );
}
