import type { ReactNode } from 'react';
import {
  CarOutlined,
  CheckCircleFilled,
  CoffeeOutlined,
  CompassOutlined,
  HomeOutlined,
  IdcardOutlined,
  InfoCircleOutlined,
  SafetyCertificateOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './SectionHeader';
import { SECTION_IDS } from './section-ids';
import { PlaneIcon, TrainIcon } from './travel-icons';

type ProductId = 'flights' | 'trains' | 'hotels' | 'transfers' | 'tours' | 'insurance' | 'evisa' | 'lounges' | 'ancillaries';

/** Spec point 1: the platform markets all of these, but only flights and trains are bookable in this portal. */
const PRODUCTS: { id: ProductId; icon: ReactNode; bookable: boolean }[] = [
  { id: 'flights', icon: <PlaneIcon />, bookable: true },
  { id: 'trains', icon: <TrainIcon />, bookable: true },
  { id: 'hotels', icon: <HomeOutlined />, bookable: false },
  { id: 'transfers', icon: <CarOutlined />, bookable: false },
  { id: 'tours', icon: <CompassOutlined />, bookable: false },
  { id: 'insurance', icon: <SafetyCertificateOutlined />, bookable: false },
  { id: 'evisa', icon: <IdcardOutlined />, bookable: false },
  { id: 'lounges', icon: <CoffeeOutlined />, bookable: false },
  { id: 'ancillaries', icon: <ShoppingOutlined />, bookable: false },
];

export function ProductsSection() {
  const { t } = useTranslation();
  return (
    <section className="lp-section" id={SECTION_IDS.products} aria-labelledby="lp-products-title">
      <div className="lp-container">
        <SectionHeader
          id="lp-products-title"
          eyebrow={t('landing.products.eyebrow')}
          title={t('landing.products.title')}
          subtitle={t('landing.products.subtitle')}
        />
        <ul className="lp-products">
          {PRODUCTS.map((p) => (
            <li key={p.id} className={`lp-card lp-product${p.bookable ? ' lp-product--bookable' : ''}`}>
              <span className="lp-icon-tile">{p.icon}</span>
              <div>
                <h3>{t(`landing.products.items.${p.id}.title`)}</h3>
                <p>{t(`landing.products.items.${p.id}.desc`)}</p>
                <span className={`lp-pill${p.bookable ? ' lp-pill--ok' : ''}`}>
                  {p.bookable && <CheckCircleFilled />} {t(p.bookable ? 'landing.products.bookable' : 'landing.products.onRequest')}
                </span>
              </div>
            </li>
          ))}
        </ul>
        <p className="lp-note">
          <InfoCircleOutlined /> {t('landing.products.note')}
        </p>
      </div>
    </section>
  );
}
