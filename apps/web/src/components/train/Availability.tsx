import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainClassOffer } from '@portal/contract/api/trains';

/** 12306's seat counts: 有 above TRAIN_MANY_SEATS, the count below, 无 when sold out. */
export function Availability({ offer }: { offer: TrainClassOffer }) {
  const { t } = useTranslation();
  const { available } = offer;
  if (available === 'many') return <Typography.Text type="success">{t('trains.seats.many')}</Typography.Text>;
  if (available === 0) return <Typography.Text type="secondary">{t('trains.seats.soldOut')}</Typography.Text>;
  return <Typography.Text type="warning">{t('trains.seats.left', { count: available })}</Typography.Text>;
}
