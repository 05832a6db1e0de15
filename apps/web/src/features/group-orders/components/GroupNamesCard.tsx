import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Modal, Progress, Table, Tag, Typography, Upload } from 'antd';
import { CheckOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GroupNamePassenger, GroupNamesProblem } from '@portal/contract/api/group-names';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { downloadNamesTemplate, useConfirmNames, useUploadNames } from '../api/group-names';

/** Statuses where the list matters: from the first instalment the agency may prepare it; it is uploaded after the final payment. */
const SHOWN_FROM: ReadonlySet<GroupOrder['status']> = new Set(['to_be_pay_first', 'to_be_pay_second', 'to_be_pay_third', 'to_be_paid_last_money', 'proceeding', 'issued', 'failed']);

const STATUS_TONE = { not_uploaded: 'default', uploaded: 'processing', confirmed: 'success' } as const;

/**
 * The group's passenger list (spec point 9): the workbook template to fill, the upload with every problem at its row
 * and column, the list as stored, its confirmation (after which it cannot change) and, once issued, a ticket per
 * traveller.
 */
export function GroupNamesCard({ group, dateFormat }: { group: GroupOrder; dateFormat: string }) {
  const { t } = useTranslation();
  const upload = useUploadNames(group.id);
  const confirm = useConfirmNames(group.id);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; problems: GroupNamesProblem[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  if (!SHOWN_FROM.has(group.status)) return null;

  const names = group.names;
  const canUpload = group.actions.includes('uploadNames');
  const canConfirm = group.actions.includes('confirmNames');

  async function download() {
    setDownloading(true);
    try {
      await downloadNamesTemplate(group.id, group.bookingNumber);
    } catch (err) {
      notify.error((err as Error).message || t('groups.names.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  }

  function send(file: File) {
    setRefusal(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (g) => notify.success(t('group.names.uploaded', { count: g.names.passengers.length })),
        onError: (err) => {
          const problems = err instanceof ApiError && Array.isArray(err.data?.problems) ? (err.data.problems as GroupNamesProblem[]) : [];
          setRefusal({ message: err.message || t('groups.names.uploadFailed'), problems });
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  function doConfirm() {
    confirm.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(t('group.names.confirmed'));
      },
      onError: (err) => {
        setConfirming(false);
        setRefusal({ message: err.message || t('groups.names.confirmFailed'), problems: [] });
      },
    });
  }

  const columns = [
    { title: '#', dataIndex: 'row', key: 'row', width: 56, render: (_: unknown, __: GroupNamePassenger, i: number) => i + 1 },
    { title: t('groups.names.col.name'), key: 'name', render: (_: unknown, p: GroupNamePassenger) => `${p.surname}/${p.given_names}` },
    { title: t('groups.names.col.type'), key: 'type', render: (_: unknown, p: GroupNamePassenger) => t(`groups.names.type.${p.type}`) },
    { title: t('groups.names.col.gender'), key: 'gender', render: (_: unknown, p: GroupNamePassenger) => t(`flight.book.genders.${p.gender}`) },
    { title: t('groups.names.col.birthday'), dataIndex: 'birthday', key: 'birthday' },
    { title: t('groups.names.col.nationality'), dataIndex: 'nationality', key: 'nationality' },
    {
      title: t('groups.names.col.document'),
      key: 'document',
      render: (_: unknown, p: GroupNamePassenger) => `${t(`flight.documents.${p.travel_document.type}`, { defaultValue: p.travel_document.type })} ${p.travel_document.number}`,
    },
    { title: t('groups.names.col.ticket'), key: 'ticket', render: (_: unknown, p: GroupNamePassenger) => (p.ticketNumber ? <Typography.Text code>{p.ticketNumber}</Typography.Text> : '-') },
  ];

  return (
    <Card
      size="small"
      data-testid="group-names"
      title={
        <Flex gap={8} align="center" wrap>
          {t('groups.names.title')}
          <Tag color={STATUS_TONE[names.status]}>{t(`groups.names.status.${names.status}`)}</Tag>
        </Flex>
      }
      extra={
        <Button size="small" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          {t('groups.names.template')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('groups.names.expected', { seats: names.expected.seats, infants: names.expected.infants })}
          {names.uploadedAt && ` · ${t('groups.names.uploadedAt', { time: formatDateTime(names.uploadedAt, dateFormat), by: names.uploadedBy ?? '-' })}`}
        </Typography.Text>
        {!canUpload && names.status === 'not_uploaded' && <Alert type="info" showIcon title={t('group.names.notYet')} />}
        {names.status === 'confirmed' && <Alert type="success" showIcon title={t('groups.names.lockedNote')} />}
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setRefusal(null)}
            title={refusal.message}
            data-testid="names-refusal"
            description={
              refusal.problems.length > 0 && (
                <Table
                  size="small"
                  rowKey={(p) => `${p.row}-${p.column}-${p.key}`}
                  pagination={false}
                  scroll={{ x: true, y: 240 }}
                  dataSource={refusal.problems}
                  columns={[
                    { title: t('groups.names.problem.row'), dataIndex: 'row', key: 'row', width: 72, render: (v: number | null) => v ?? t('groups.names.problem.wholeList') },
                    { title: t('groups.names.problem.column'), dataIndex: 'column', key: 'column', width: 72, render: (v: string | null) => v ?? '-' },
                    { title: t('groups.names.problem.message'), dataIndex: 'message', key: 'message' },
                  ]}
                />
              )
            }
          />
        )}
        {canUpload && (
          <Flex gap={8} wrap align="center">
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                send(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending} type={names.status === 'not_uploaded' ? 'primary' : 'default'}>
                {names.status === 'not_uploaded' ? t('groups.names.upload') : t('groups.names.reupload')}
              </Button>
            </Upload>
            {canConfirm && (
              <Button type="primary" icon={<CheckOutlined />} onClick={() => setConfirming(true)} disabled={upload.isPending}>
                {t('groups.names.confirm')}
              </Button>
            )}
            {progress !== null && <Progress percent={progress} size="small" style={{ width: 160 }} />}
          </Flex>
        )}
        {names.passengers.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('group.names.notUploaded')} />
        ) : (
          <Table size="small" rowKey="row" pagination={false} scroll={{ x: 'max-content' }} dataSource={names.passengers} columns={columns} data-testid="names-table" />
        )}
      </Flex>
      <Modal
        open={confirming}
        title={t('groups.names.confirmTitle')}
        okText={t('groups.names.confirmOk')}
        cancelText={t('groups.names.confirmBack')}
        confirmLoading={confirm.isPending}
        onOk={doConfirm}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Typography.Paragraph style={{ margin: 0 }}>{t('groups.names.confirmBody', { count: names.passengers.length })}</Typography.Paragraph>
      </Modal>
    </Card>
  );
}
