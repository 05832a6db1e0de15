import type { ReactNode } from 'react';
import { Card, Col, Flex, Progress, Row, Tag, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Balances } from '@portal/contract/api/agencies';
import { formatAmount } from '../../lib/format';

interface Props {
  balance: Balances;
  /** The agency's settlement currency: the one its orders are charged in. */
  settlement?: boolean;
  extra?: ReactNode;
  footer?: ReactNode;
}

function Figure({ label, hint, value, danger }: { label: string; hint: string; value: string; danger?: boolean }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {label}{' '}
        <Tooltip title={hint}>
          <InfoCircleOutlined aria-label={hint} />
        </Tooltip>
      </Typography.Text>
      <Typography.Text strong type={danger ? 'danger' : undefined} style={{ fontSize: 16, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
}

/** One currency of a wallet: what can be spent now, and the cash, credit and held funds it is made of. */
export function BalanceCard({ balance, settlement = false, extra, footer }: Props) {
  const { t } = useTranslation();
  const c = balance.currency;
  const usedPercent = balance.creditLimit > 0 ? Math.min(100, Math.round((balance.usedCredit / balance.creditLimit) * 100)) : 0;
  const figures = [
    { key: 'cash', value: balance.cash, danger: balance.cash < 0 },
    { key: 'creditLimit', value: balance.creditLimit },
    { key: 'usedCredit', value: balance.usedCredit, danger: balance.usedCredit > 0 },
    { key: 'availableCredit', value: balance.availableCredit },
    { key: 'held', value: balance.held },
  ] as const;

  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span>{c}</span>
          {settlement && <Tag color="blue">{t('bills.balance.settlement')}</Tag>}
        </Flex>
      }
      extra={extra}
      aria-label={t('bills.balance.cardLabel', { currency: c })}
    >
      <Flex vertical gap={16}>
        <div>
          <Typography.Text type="secondary">{t('bills.balance.available')}</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0, fontVariantNumeric: 'tabular-nums' }} data-testid={`available-${c}`}>
            {formatAmount(balance.available, c)}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('bills.balance.availableHint')}
          </Typography.Text>
        </div>
        <Row gutter={[16, 12]}>
          {figures.map((f) => (
            <Col key={f.key} xs={12} sm={8}>
              <Figure
                label={t(`bills.balance.${f.key}`)}
                hint={t(`bills.balance.hints.${f.key}`)}
                value={formatAmount(f.value, c)}
                danger={'danger' in f ? f.danger : false}
              />
            </Col>
          ))}
        </Row>
        {balance.creditLimit > 0 && (
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('bills.balance.creditUse', { percent: usedPercent })}
            </Typography.Text>
            <Progress
              percent={usedPercent}
              showInfo={false}
              size="small"
              status={usedPercent >= 90 ? 'exception' : 'normal'}
              aria-label={t('bills.balance.creditUse', { percent: usedPercent })}
            />
          </div>
        )}
        {footer}
      </Flex>
    </Card>
  );
}
