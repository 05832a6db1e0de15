import { useCallback } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Form, Input, Modal, Result, Row, Select, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISRUPTION_KINDS, type DisruptionKind } from '@portal/contract/api/after-sales';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import type { RaiseScheduleChangeBody, SimulatedScheduleChange, SupplierItem, UpdateSupplierBody } from '@portal/contract/api/suppliers';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useSuppliers } from '../api/get-suppliers';
import { SupplierCard } from '../components/SupplierCard';
import type { SupplierField } from '../utils/supplier-settings';

/**
 * The simulated air suppliers' and railway's fault switches, for the platform administrator (the route guard checks): slow a
 * supplier down, make it time out, fail, change the price at price check or sell out, fail or time out booking and
 * ticketing, or slow ticketing, so every error path of search, price check, booking and ticketing can be shown in a
 * demo. Changes apply to every agency from the supplier's next call. Below the switches, an airline schedule change
 * can be raised on one booking.
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
      {/* Airline schedule changes: the railway has none to raise. */}
      {suppliers.data && suppliers.data.items.some((i) => i.kind !== 'rail') && <ScheduleChangeForm items={suppliers.data.items.filter((i) => i.kind !== 'rail')} />}
    </Flex>
  );
}

interface ScheduleChangeValues {
  code: string;
  recordLocator: string;
  kind: DisruptionKind;
}

const raiseScheduleChange = ({ code, ...body }: ScheduleChangeValues) =>
  api.post<SimulatedScheduleChange>(`/base/v2/suppliers/${encodeURIComponent(code)}/schedule-changes`, body satisfies RaiseScheduleChangeBody);

/**
 * The airline's side of a schedule change, on demand: the chosen supplier re-times, cancels (with or without a
 * protected flight) or restores a flight of one of its ticketed bookings, and the portal then learns it from the
 * supplier's queue as it would from a real airline, so the notice flow can be shown without waiting for chance.
 */
function ScheduleChangeForm({ items }: { items: SupplierItem[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScheduleChangeValues>();
  const raise = useMutation({ mutationFn: raiseScheduleChange });

  const submit = async (values: ScheduleChangeValues) => {
    try {
      const change = await raise.mutateAsync({ ...values, recordLocator: values.recordLocator.trim().toUpperCase() });
      notify.success(
        t('platform.suppliers.scheduleChange.raised', { kind: t(`platform.suppliers.scheduleChange.kinds.${change.kind}`), recordLocator: change.recordLocator }),
      );
      form.resetFields(['recordLocator']);
    } catch (error) {
      notify.error((error instanceof Error && error.message) || t('platform.suppliers.scheduleChange.failed'));
    }
  };

  return (
    <Card title={t('platform.suppliers.scheduleChange.title')} data-testid="schedule-change-form">
      <Typography.Paragraph type="secondary">{t('platform.suppliers.scheduleChange.help')}</Typography.Paragraph>
      <Form<ScheduleChangeValues> form={form} layout="inline" onFinish={submit} initialValues={{ code: items[0].code, kind: 'change' }} style={{ rowGap: 12 }}>
        <Form.Item name="code" label={t('platform.suppliers.scheduleChange.supplier')} rules={[{ required: true }]}>
          <Select style={{ minWidth: 140 }} options={items.map((i) => ({ value: i.code, label: i.code }))} />
        </Form.Item>
        <Form.Item
          name="recordLocator"
          label={t('platform.suppliers.scheduleChange.recordLocator')}
          rules={[
            { required: true, message: t('platform.suppliers.scheduleChange.recordLocatorRequired') },
            { pattern: /^\s*[A-Za-z0-9]{6}\s*$/, message: t('platform.suppliers.scheduleChange.recordLocatorInvalid') },
          ]}
        >
          <Input maxLength={8} placeholder="ABC234" style={{ width: 120, textTransform: 'uppercase' }} autoComplete="off" />
        </Form.Item>
        <Form.Item name="kind" label={t('platform.suppliers.scheduleChange.kind')} rules={[{ required: true }]}>
          <Select style={{ minWidth: 260 }} options={DISRUPTION_KINDS.map((k) => ({ value: k, label: t(`platform.suppliers.scheduleChange.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={raise.isPending}>
            {t('platform.suppliers.scheduleChange.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
