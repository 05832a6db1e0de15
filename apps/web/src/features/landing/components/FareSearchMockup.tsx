import { SearchOutlined, ThunderboltFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PlaneIcon } from './travel-icons';

/** Sample results for the hero illustration; the numbers are decorative, not live fares. */
const SAMPLE_FARES = [
  { airline: 'MU', flight: 'MU551', source: 'NDC', stops: 'direct', dep: '13:25', arr: '18:35', price: '4,280' },
  { airline: 'CA', flight: 'CA937', source: 'GDS', stops: 'direct', dep: '13:55', arr: '19:05', price: '4,615' },
  { airline: '9C+TR', flight: '9C8515', source: 'LCC', stops: 'interline', dep: '07:10', arr: '20:40', price: '3,190' },
] as const;

/** A stylised search result card: shows what the platform does without a screenshot or remote image. */
export function FareSearchMockup() {
  const { t } = useTranslation();
  return (
    <div className="lp-mockup" aria-hidden="true">
      <div className="lp-mockup-head">
        <span className="lp-mockup-title">
          <SearchOutlined /> {t('landing.mockup.title')}
        </span>
        <span className="lp-dot" />
      </div>
      <div className="lp-mockup-route">
        <div>
          <strong>PVG</strong>
          <PlaneIcon className="lp-mockup-plane" />
          <strong>LHR</strong>
        </div>
        <span>{t('landing.mockup.route')}</span>
        <small>{t('landing.mockup.date')}</small>
      </div>
      <ul className="lp-mockup-fares">
        {SAMPLE_FARES.map((f, i) => (
          <li key={f.flight} className={i === 2 ? 'is-best' : undefined}>
            <span className="lp-mockup-airline">{f.airline}</span>
            <span className="lp-mockup-times">
              <b>
                {f.dep} – {f.arr}
              </b>
              <small>
                {f.flight} · {f.stops === 'direct' ? t('landing.mockup.direct') : `${t('landing.mockup.oneStop')} · ${t('landing.mockup.interline')}`}
              </small>
            </span>
            <span className={`lp-source lp-source--${f.source.toLowerCase()}`}>{f.source}</span>
            <span className="lp-mockup-price">
              {i === 2 && (
                <em>
                  <ThunderboltFilled /> {t('landing.mockup.lowest')}
                </em>
              )}
              CNY {f.price}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
