import { useState } from 'react';
import { Alert, Button, Col, DatePicker, Flex, Modal, Row, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { Agency } from '@portal/contract/api/agencies';
import { useLookToBook } from '../api/get-look-to-book';
import { useRetained } from '../utils/use-retained';

interface Props {
  agency: Agency | null;
  onClose: () => void;
}

const ISO = 'YYYY-MM-DD';

/** The last 30 days, today included. */
export function defaultLookToBookRange(today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.subtract(29, 'day').startOf('day'), today.startOf('day')];
}

export function LookToBookModal({ agency: selected, onClose }: Props) {
  const { t } = useTranslation();
  const agency = useRetained(selected);
  const open = selected !== null;
  const [range, setRange] = useState<[Dayjs, Dayjs]>(defaultLookToBookRange);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRange(defaultLookToBookRange());
  }
  const from = range[0].format(ISO);
  const to = range[1].format(ISO);
  const stats = useLookToBook(open ? (selected?.id ?? null) : null, from, to);
  const data = stats.data;

  return (
    <Modal
      open={open}
      title={t('agency.lookToBook.title', { name: agency?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('agency.common.close')}</Button>}
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('agency.lookToBook.description')}</Typography.Text>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange([v[0], v[1]]);
          }}
          aria-label={t('agency.lookToBook.period')}
          style={{ width: '100%' }}
        />
        {stats.isError && !data ? (
          <Alert
            type="error"
            showIcon
            title={stats.error.message || t('agency.lookToBook.failed')}
            action={
              <Button size="small" onClick={() => void stats.refetch()}>
                {t('agency.actions.retry')}
              </Button>
            }
          />
        ) : (
          <Spin spinning={stats.isFetching}>
            <Row gutter={16}>
              <Col span={8}>
                <Statistic title={t('agency.lookToBook.searches')} value={data?.searches ?? '-'} />
              </Col>
              <Col span={8}>
                <Statistic title={t('agency.lookToBook.bookings')} value={data?.bookings ?? '-'} />
              </Col>
              <Col span={8}>
                <Statistic
                  title={t('agency.lookToBook.ratio')}
                  // "125.0 : 1" reads the same in every language: searches for each booking.
                  value={data ? (data.ratio === null ? t('agency.lookToBook.noBookings') : `${data.ratio.toFixed(1)} : 1`) : '-'}
                />
              </Col>
            </Row>
          </Spin>
        )}
      </Flex>
    </Modal>
  );
}
