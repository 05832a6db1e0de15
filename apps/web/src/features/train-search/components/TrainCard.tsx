import { memo } from 'react';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TrainClassOffer, TrainService } from '@portal/contract/api/trains';
import { formatDuration } from '../../../lib/format';
import { Availability } from '../../../components/train/Availability';
import { daysLater } from '../../../components/train/train-dates';
import { formatTrainPrice } from '../../../components/train/train-money';
import '../train.css';

interface Props {
  service: TrainService;
  onBook: (service: TrainService, offer: TrainClassOffer) => void;
}

/** 始 / 过 / 终: whether the train starts here, calls on its way, or ends here; the whole run on hover. */
function EndTag({ kind, runs }: { kind: 'starts' | 'passes' | 'ends'; runs: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={runs}>
      <Tag className={`train-end train-end-${kind}`} bordered={false}>
        {t(`trains.results.${kind}`)}
      </Tag>
    </Tooltip>
  );
}

/** One train of the results: number and type, the ride's two stations with times, duration, and each seat class. */
export const TrainCard = memo(function TrainCard({ service: s, onBook }: Props) {
  const { t } = useTranslation();
  const later = s.crossesDays ? daysLater(s.departureAt, s.arrivalAt) : 0;
  const runs = t('trains.results.runs', { origin: s.origin.name, terminus: s.terminus.name });
  return (
    <Card size="small" className="train-card" data-testid="train" data-train={s.trainNumber} styles={{ body: { padding: 12 } }}>
      <div className="train-card-grid">
        <Flex vertical gap={4} className="train-number">
          <Tooltip title={runs}>
            <Typography.Text strong className="train-big" data-testid="train-number">
              {s.trainNumber}
            </Typography.Text>
          </Tooltip>
          <span>
            <Tag color={s.trainType === 'G' || s.trainType === 'D' || s.trainType === 'C' ? 'blue' : 'default'} data-testid="train-type">
              {t(`trains.types.${s.trainType}`)}
            </Tag>
          </span>
          <Typography.Text type="secondary" className="train-small">
            {s.stops === 0 ? t('trains.results.noStops') : t('trains.results.stops', { count: s.stops })}
          </Typography.Text>
        </Flex>

        <Flex align="center" gap={12} className="train-times">
          <Flex vertical>
            <Typography.Text strong className="train-big" data-testid="departure-time">
              {s.from.time}
            </Typography.Text>
            <span>
              <EndTag kind={s.from.code === s.origin.code ? 'starts' : 'passes'} runs={runs} />
              <span data-testid="from-station">{s.from.name}</span>
            </span>
          </Flex>
          <Flex vertical align="center" className="train-duration">
            <Typography.Text type="secondary" className="train-small" aria-label={`${t('trains.results.duration')} ${formatDuration(s.durationMinutes)}`} data-testid="duration">
              {formatDuration(s.durationMinutes)}
            </Typography.Text>
            <div className="train-line">
              <ArrowRightOutlined />
            </div>
          </Flex>
          <Flex vertical align="flex-end">
            <Typography.Text strong className="train-big" data-testid="arrival-time">
              {s.to.time}
              {later > 0 && (
                <Tooltip title={t('trains.results.laterDays', { count: later })}>
                  <sup className="train-later" aria-label={t('trains.results.laterDays', { count: later })} data-testid="later-days">
                    +{later}
                  </sup>
                </Tooltip>
              )}
            </Typography.Text>
            <span>
              <EndTag kind={s.to.code === s.terminus.code ? 'ends' : 'passes'} runs={runs} />
              <span data-testid="to-station">{s.to.name}</span>
            </span>
          </Flex>
        </Flex>

        <div className="train-classes">
          {s.classes.map((c) => {
            const label = t(`trains.seatClass.${c.seatClass}`);
            return (
              <div key={c.seatClass} className="train-class" data-testid="seat-class" data-class={c.seatClass}>
                <Typography.Text>{label}</Typography.Text>
                <Tooltip title={t('trains.results.childPrice', { price: formatTrainPrice(c.childPrice) })}>
                  <Typography.Text strong className="train-price" data-testid="price">
                    {formatTrainPrice(c.price)}
                  </Typography.Text>
                </Tooltip>
                <span className="train-avail" data-testid="availability">
                  <Availability offer={c} />
                </span>
                <Button
                  size="small"
                  type="primary"
                  disabled={c.available === 0}
                  aria-label={t('trains.results.bookClass', { train: s.trainNumber, seatClass: label })}
                  onClick={() => onBook(s, c)}
                >
                  {t('trains.results.book')}
                </Button>
              </div>
            );
          })}
        </div>
      </div>
    </Card>
  );
});
