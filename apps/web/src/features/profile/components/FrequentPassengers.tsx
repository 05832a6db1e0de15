import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Space, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FavouritePassenger } from '@portal/contract/api/auth';
import { MAX_FREQUENT_PASSENGERS } from '@portal/contract/roles';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useUpdateConfig } from '../api/update-config';
import { regionNamer as countryNamer } from '../../../lib/display-names';
import { PassengerModal } from './PassengerModal';

interface Props {
  value: FavouritePassenger[];
  dateFormat: string;
}

/** At most 30 passengers; every change saves the whole list (PUT /me/config/passengers). */
export function FrequentPassengers({ value, dateFormat }: Props) {
  const { t, i18n } = useTranslation();
  const save = useUpdateConfig('passengers');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const full = value.length >= MAX_FREQUENT_PASSENGERS;
  const country = countryNamer(i18n.language);

  function persist(next: FavouritePassenger[], done?: () => void) {
    save.mutate(next, {
      onSuccess: () => {
        notify.success(t('common.saved'));
        done?.();
      },
      onError: (e) => notify.error(e.message),
    });
  }

  function upsert(p: FavouritePassenger) {
    const next = editing === 'new' || editing === null ? [...value, p] : value.map((old, i) => (i === editing ? p : old));
    persist(next, () => setEditing(null));
  }

  return (
    <Card
      size="small"
      title={t('profile.passengers.title')}
      extra={
        <Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('profile.passengers.count', { count: value.length, max: MAX_FREQUENT_PASSENGERS })}
          </Typography.Text>
          <Button type="primary" size="small" icon={<PlusOutlined />} disabled={full} onClick={() => setEditing('new')}>
            {t('profile.passengers.add')}
          </Button>
        </Space>
      }
    >
      <Table<FavouritePassenger & { index: number }>
        size="small"
        rowKey="index"
        pagination={false}
        scroll={{ x: 720 }}
        loading={save.isPending}
        dataSource={value.map((p, index) => ({ ...p, index }))}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.passengers.empty')} /> }}
        columns={[
          { title: t('profile.passengers.name'), key: 'name', render: (_, p) => <Typography.Text strong>{`${p.surname}/${p.givenName}`}</Typography.Text> },
          { title: t('profile.passengers.type'), dataIndex: 'type', render: (v: string) => t(`profile.passengerType.${v}`) },
          { title: t('profile.passengers.gender'), dataIndex: 'gender', render: (v: string | null) => (v ? t(`profile.gender.${v}`) : '-') },
          { title: t('profile.passengers.birthday'), dataIndex: 'birthday', render: (v: string | null) => formatDate(v, dateFormat) },
          { title: t('profile.passengers.nationality'), dataIndex: 'nationality', render: (v: string | null) => (v ? country(v) : '-') },
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right',
            width: 110,
            render: (_, p) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(p.index)} />
                <Popconfirm
                  title={t('profile.passengers.deleteConfirm', { name: `${p.surname}/${p.givenName}` })}
                  okText={t('common.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={() => persist(value.filter((_, i) => i !== p.index))}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <PassengerModal
        open={editing !== null}
        initial={typeof editing === 'number' ? value[editing] : null}
        saving={save.isPending}
        onCancel={() => setEditing(null)}
        onSave={upsert}
      />
    </Card>
  );
}
