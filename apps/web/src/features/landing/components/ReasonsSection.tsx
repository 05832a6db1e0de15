import type { ReactNode } from 'react';
import { CustomerServiceOutlined, LockOutlined, SlidersOutlined, ThunderboltOutlined, TrophyOutlined, ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './SectionHeader';

type ReasonId = 'experience' | 'content' | 'technology' | 'service' | 'flexible' | 'secure';

const REASONS: { id: ReasonId; icon: ReactNode }[] = [
  { id: 'experience', icon: <TrophyOutlined /> },
  { id: 'content', icon: <ApartmentOutlined /> },
  { id: 'technology', icon: <ThunderboltOutlined /> },
  { id: 'service', icon: <CustomerServiceOutlined /> },
  { id: 'flexible', icon: <SlidersOutlined /> },
  { id: 'secure', icon: <LockOutlined /> },
];

export function ReasonsSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-section lp-section--tint" aria-labelledby="lp-reasons-title">
      <div className="lp-container">
        <SectionHeader id="lp-reasons-title" eyebrow={t('landing.reasons.eyebrow')} title={t('landing.reasons.title')} />
        <ul className="lp-reasons">
          {REASONS.map((r) => (
            <li key={r.id}>
              <span className="lp-reason-icon">{r.icon}</span>
              <h3>{t(`landing.reasons.items.${r.id}.title`)}</h3>
              <p>{t(`landing.reasons.items.${r.id}.desc`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
