import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Flex, Grid, Input, Popconfirm, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_FREQUENT_PASSENGERS, type FrequentPassenger, type FrequentPassengerList } from '@portal/contract/api/travellers';
import { DocumentNumber } from '../../../components/travellers/DocumentNumber';
import { TravellerFormModal } from '../../../components/travellers/TravellerFormModal';
import { useDeleteTraveller, useTravellers } from '../../../components/travellers/api';
import { ticketName } from '../../../components/travellers/traveller-form';
import { regionNamer } from '../../../lib/display-names';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDateFormat } from '../../../lib/use-date-format';

/** Typing pauses this long before the list is searched: one request per word, not per keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The agent's frequent passengers (issue 11; at most 30, kept by the server at /base/v2/often-used-passengers): search
 * by name, pinyin or document number, add, edit, delete. A table on wider screens, one card per traveller on a phone.
 */
export function FrequentPassengers() {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().xs === true;
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const list = useTravellers(keyword || undefined);
  // The count and the limit are about all travellers, not the ones a search matched.
  const all = useTravellers(undefined);
  const remove = useDeleteTraveller();
  const [editing, setEditing] = useState<FrequentPassenger | 'new' | null>(null);

  // While a new search loads, the last answer stays on screen (dimmed by the spinner) rather than an empty list.
  const last = useRef<FrequentPassengerList | undefined>(undefined);
  if (list.data) last.current = list.data;
  const items = list.data?.items ?? last.current?.items ?? [];

  const max = all.data?.max ?? MAX_FREQUENT_PASSENGERS;
  const count = all.data?.total ?? all.data?.items.length ?? 0;
  const full = count >= max;

  function del(p: FrequentPassenger) {
    remove.mutate(p.id, {
      onSuccess: () => notify.success(t('travellers.list.deleted', { name: ticketName(p) })),
      onError: (err) => notify.error(err.message || t('travellers.list.deleteFailed')),
    });
  }

  const addButton = (size: 'small' | 'middle' = 'small') => (
    <Tooltip title={full ? t('travellers.list.full', { max }) : undefined}>
      {/* A disabled button receives no pointer events: the wrapper is what shows the reason on hover. */}
      <span style={{ display: 'inline-block' }} data-testid="add-traveller">
        <Button type="primary" size={size} icon={<PlusOutlined />} disabled={full || !all.data} onClick={() => setEditing('new')}>
          {t('travellers.list.add')}
        </Button>
      </span>
    </Tooltip>
  );

  const actions = (p: FrequentPassenger) => (
    <Space size={0}>
      <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('travellers.list.editOf', { name: ticketName(p) })} onClick={() => setEditing(p)} />
      <Popconfirm
        title={t('travellers.list.deleteConfirm', { name: ticketName(p) })}
        okText={t('common.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={() => del(p)}
      >
        <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('travellers.list.deleteOf', { name: ticketName(p) })} />
      </Popconfirm>
    </Space>
  );

  const searching = keyword !== '';
  const empty = searching ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('travellers.list.noMatch')} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('travellers.list.empty')}>
      {addButton('middle')}
    </Empty>
  );

  const error = list.error ?? all.error;
  let body;
  if (error && !last.current) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('travellers.list.loadFailed')}
        description={error.message}
        action={
          <Button size="small" onClick={() => void Promise.all([list.refetch(), all.refetch()])}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (phone) {
    body = <TravellerCards items={items} loading={list.isFetching || remove.isPending} empty={empty} actions={actions} />;
  } else {
    body = <TravellersTable items={items} loading={list.isFetching || remove.isPending} empty={empty} actions={actions} />;
  }

  return (
    <Card
      size="small"
      title={t('travellers.list.title')}
      extra={
        <Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="travellers-count">
            {t('travellers.list.count', { count, max })}
          </Typography.Text>
          {addButton()}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Input.Search
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => {
            // Enter searches at once, without waiting for the pause.
            setTyped(v);
            setKeyword(v.trim());
          }}
          allowClear
          maxLength={40}
          placeholder={t('travellers.list.search')}
          aria-label={t('travellers.list.search')}
          style={{ maxWidth: phone ? undefined : 360 }}
        />
        {body}
      </Flex>
      <TravellerFormModal open={editing !== null} traveller={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

interface ListProps {
  items: FrequentPassenger[];
  loading: boolean;
  empty: ReactNode;
  actions(p: FrequentPassenger): ReactNode;
}

/** SURNAME/GIVEN NAMES over the Chinese name. */
function NameCell({ p }: { p: FrequentPassenger }) {
  return (
    <Flex vertical>
      <Typography.Text strong>{ticketName(p)}</Typography.Text>
      {p.localName && <Typography.Text type="secondary">{p.localName}</Typography.Text>}
    </Flex>
  );
}

/** Each document masked with its eye; a traveller moved over from the old list without one is flagged instead. */
function DocumentsCell({ p }: { p: FrequentPassenger }) {
  const { t } = useTranslation();
  if (!p.travel_document || p.travel_documents.length === 0) {
    return (
      <Tag color="warning" icon={<WarningOutlined />}>
        {t('travellers.list.addDocument')}
      </Tag>
    );
  }
  return (
    <Flex vertical gap={2}>
      {p.travel_documents.map((d) => (
        <DocumentNumber key={d.id} passengerId={p.id} document={d} />
      ))}
    </Flex>
  );
}

function CardsCell({ p }: { p: FrequentPassenger }) {
  if (p.memberCards.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {p.memberCards.map((c) => (
        <Typography.Text key={c.id}>
          {c.airline} {c.number}
        </Typography.Text>
      ))}
    </Flex>
  );
}

function useCells() {
  const { t, i18n } = useTranslation();
  const dateFormat = useDateFormat();
  const country = regionNamer(i18n.language);
  return {
    type: (p: FrequentPassenger) => t(`flight.passengerType.${p.type}`),
    gender: (p: FrequentPassenger) => (p.gender ? t(`travellers.genders.${p.gender}`) : '-'),
    birthday: (p: FrequentPassenger) => formatDate(p.birthday, dateFormat),
    nationality: (p: FrequentPassenger) => (p.nationality ? country(p.nationality) : '-'),
  };
}

function TravellersTable({ items, loading, empty, actions }: ListProps) {
  const { t } = useTranslation();
  const cell = useCells();
  const columns: ColumnsType<FrequentPassenger> = [
    { title: t('travellers.list.name'), key: 'name', render: (_, p) => <NameCell p={p} /> },
    { title: t('travellers.list.type'), key: 'type', width: 80, render: (_, p) => cell.type(p) },
    { title: t('travellers.list.gender'), key: 'gender', width: 80, render: (_, p) => cell.gender(p) },
    { title: t('travellers.list.birthday'), key: 'birthday', width: 120, render: (_, p) => cell.birthday(p) },
    { title: t('travellers.list.nationality'), key: 'nationality', width: 130, render: (_, p) => cell.nationality(p) },
    // Wide enough for "Passport ******1234" and its eye on one line: a number broken across lines is misread.
    { title: t('travellers.list.documents'), key: 'documents', width: 300, render: (_, p) => <DocumentsCell p={p} /> },
    { title: t('travellers.list.memberCards'), key: 'cards', render: (_, p) => <CardsCell p={p} /> },
    { title: t('common.actions'), key: 'actions', fixed: 'right', width: 96, render: (_, p) => actions(p) },
  ];
  return (
    <Table<FrequentPassenger>
      size="small"
      rowKey="id"
      pagination={false}
      // Seven columns do not fit a narrow window: they scroll, with the actions pinned.
      scroll={{ x: 1100 }}
      loading={loading}
      dataSource={items}
      columns={columns}
      locale={{ emptyText: empty }}
    />
  );
}

/** The list on a phone: one card per traveller with everything the table shows, stacked. */
function TravellerCards({ items, loading, empty, actions }: ListProps) {
  const { t } = useTranslation();
  const cell = useCells();
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={8}>
        {items.length === 0 && empty}
        {items.map((p) => (
          <Card key={p.id} size="small" data-testid="traveller-card" title={<NameCell p={p} />} extra={actions(p)}>
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">
                {[cell.type(p), cell.gender(p), cell.birthday(p), cell.nationality(p)].join(' · ')}
              </Typography.Text>
              <DocumentsCell p={p} />
              {p.memberCards.length > 0 && (
                <Flex gap={4} align="baseline" wrap>
                  <Typography.Text type="secondary">{t('travellers.list.memberCards')}:</Typography.Text>
                  <CardsCell p={p} />
                </Flex>
              )}
            </Flex>
          </Card>
        ))}
      </Flex>
    </Spin>
  );
}
