import { useCallback } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Modal, Result, Row, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import type { SupplierItem, UpdateSupplierBody } from '@portal/contract/api/suppliers';
import { useSession } from '../../../lib/session';
import { useSuppliers } from '../api/get-suppliers';
import { SupplierCard } from '../components/SupplierCard';
import type { SupplierField } from '../utils/supplier-settings';

/**
 * The simulated air suppliers' fault switches, for the platform administrator (the route guard checks): slow a
 * supplier down, make it time out, fail, change the price at price check or sell out, fail or time out booking and
 * ticketing, or slow ticketing, so every error path of search, price check, booking and ticketing can be shown in a
 * demo. Changes apply to every agency from the supplier's next call.
 */
export default function SuppliersPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const suppliers = useSuppliers();
  const [modal, holder] = Modal.useModal();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;

  const confirmFaults = useCallback(
    (item: SupplierItem, faults: SupplierField[], changes: UpdateSupplierBody) =>
      new Promise<boolean>((resolve) => {
        const value = (f: SupplierField) => {
          const v = changes[f];
          if (typeof v === 'boolean') return v ? t('platform.suppliers.on') : t('platform.suppliers.off');
          if (f === 'priceChangePercent') return `+${v}%`;
          return f === 'ticketingDelaySeconds' ? `${v} s` : `${v} ms`;
        };
        modal.confirm({
          title: t('platform.suppliers.confirm.title', { code: item.code }),
          content: (
            <div>
              <Typography.Text>{t('platform.suppliers.confirm.content')}</Typography.Text>
              <ul style={{ paddingInlineStart: 20, margin: '8px 0 0' }}>
                {faults.map((f) => (
                  <li key={f}>
                    <Typography.Text strong>{t(`platform.suppliers.fields.${f}.label`)}</Typography.Text>: {value(f)}
                  </li>
                ))}
              </ul>
            </div>
          ),
          okText: t('platform.suppliers.confirm.ok'),
          okButtonProps: { danger: true },
          cancelText: t('platform.common.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void suppliers.refetch()}>
      {t('platform.common.retry')}
    </Button>
  );

  let body;
  if (suppliers.isError && !suppliers.data) {
    body = (
      <Card>
        <Result status="error" title={t('platform.suppliers.errors.load')} subTitle={suppliers.error.message} extra={retry} />
      </Card>
    );
  } else if (!suppliers.data) {
    body = (
      <Card>
        <Skeleton active />
      </Card>
    );
  } else if (suppliers.data.items.length === 0) {
    body = (
      <Card>
        <Empty description={t('platform.suppliers.empty')} />
      </Card>
    );
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {suppliers.data.items.map((item) => (
          <Col key={item.code} xs={24} lg={12} xxl={8}>
            {/* A new server copy (after a save) starts the card afresh. */}
            <SupplierCard key={`${item.code}|${item.updatedAt ?? ''}`} item={item} dateFormat={dateFormat} confirmFaults={confirmFaults} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Flex vertical gap={16}>
      {holder}
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('platform.suppliers.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('platform.suppliers.subtitle')}</Typography.Text>
      </div>
      <Alert type="warning" showIcon title={t('platform.suppliers.notice')} />
      {suppliers.isError && suppliers.data && <Alert type="warning" showIcon title={suppliers.error.message || t('platform.suppliers.errors.load')} action={retry} />}
      {body}
    </Flex>
  );
}
