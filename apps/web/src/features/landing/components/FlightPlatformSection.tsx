import type { ReactNode } from 'react';
import { ApiOutlined, BranchesOutlined, ClusterOutlined, DatabaseOutlined, RocketOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './SectionHeader';
import { SECTION_IDS } from './section-ids';

type PointId = 'gds' | 'ndc' | 'lcc' | 'interlining';

const POINTS: { id: PointId; icon: ReactNode }[] = [
  { id: 'gds', icon: <DatabaseOutlined /> },
  { id: 'ndc', icon: <ClusterOutlined /> },
  { id: 'lcc', icon: <RocketOutlined /> },
  { id: 'interlining', icon: <BranchesOutlined /> },
];

/** Air content from every channel goes through one engine to the agency: drawn as a three-step flow. */
export function FlightPlatformSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-section lp-section--tint" id={SECTION_IDS.platform} aria-labelledby="lp-platform-title">
      <div className="lp-container lp-split">
        <div>
          <SectionHeader
            id="lp-platform-title"
            align="start"
            eyebrow={t('landing.platform.eyebrow')}
            title={t('landing.platform.title')}
            subtitle={t('landing.platform.subtitle')}
          />
          <ul className="lp-points">
            {POINTS.map((p) => (
              <li key={p.id}>
                <span className="lp-icon-tile lp-icon-tile--small">{p.icon}</span>
                <div>
                  <h3>{t(`landing.platform.points.${p.id}.title`)}</h3>
                  <p>{t(`landing.platform.points.${p.id}.desc`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="lp-flow" aria-hidden="true">
          <div className="lp-flow-step">
            <small>{t('landing.platform.flow.sources')}</small>
            <div className="lp-flow-sources">
              <span className="lp-source lp-source--gds">GDS</span>
              <span className="lp-source lp-source--ndc">NDC</span>
              <span className="lp-source lp-source--lcc">LCC</span>
            </div>
          </div>
          <div className="lp-flow-arrow" />
          <div className="lp-flow-step lp-flow-step--engine">
            <ApiOutlined />
            <strong>{t('landing.platform.flow.engine')}</strong>
            <small>{t('landing.platform.flow.engineDetail')}</small>
          </div>
          <div className="lp-flow-arrow" />
          <div className="lp-flow-step">
            <ShopOutlined />
            <strong>{t('landing.platform.flow.you')}</strong>
            <small>{t('landing.platform.flow.youDetail')}</small>
          </div>
        </div>
      </div>
    </section>
  );
}
