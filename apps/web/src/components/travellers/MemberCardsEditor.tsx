import { useState } from 'react';
import { Button, Col, Empty, Flex, Form, Input, Popconfirm, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_MEMBER_CARDS_PER_PASSENGER, type FrequentPassenger, type MemberCard } from '@portal/contract/api/travellers';
import { memberCardNumberError, normalizeMemberCardNumber } from '@portal/contract/passengers/member-cards';
import { notify } from '../../lib/notify';
import { useAirlineOptions, useReferenceNames } from '../../lib/reference-names';
import { upperLatin } from '../../lib/upper-latin';
import { useDeleteMemberCard, useSaveMemberCard } from './api';
import { messageOf, serverFieldErrors, ticketName } from './traveller-form';

interface Props {
  traveller: FrequentPassenger;
}

interface CardValues {
  airline?: string;
  number?: string;
  holder?: string;
}

const CARD_FIELDS = ['airline', 'number', 'holder'];

/**
 * A traveller's frequent flyer cards: listed, added, edited and deleted one by one (each its own request). The list
 * is kept here from the server's answers, so it is current even while the traveller list refetches behind the modal.
 */
export function MemberCardsEditor({ traveller }: Props) {
  const { t } = useTranslation();
  const names = useReferenceNames();
  const airlines = useAirlineOptions();
  const save = useSaveMemberCard();
  const remove = useDeleteMemberCard();
  const [cards, setCards] = useState<MemberCard[]>(traveller.memberCards);
  /** The card being edited, 'new' for a card being added, null while only the list shows. */
  const [editing, setEditing] = useState<MemberCard | 'new' | null>(null);
  const [form] = Form.useForm<CardValues>();
  // Server field paths are plain strings.
  const setFieldErrors = (fields: { name: (string | number)[]; errors: string[] }[]) => form.setFields(fields as Parameters<typeof form.setFields>[0]);
  const defaultHolder = ticketName(traveller);
  const full = cards.length >= MAX_MEMBER_CARDS_PER_PASSENGER;

  function open(card: MemberCard | 'new') {
    setEditing(card);
    form.resetFields();
    form.setFieldsValue(card === 'new' ? { holder: defaultHolder } : { airline: card.airline, number: card.number, holder: card.holder });
  }

  async function submit() {
    const v = await form.validateFields();
    const id = editing && editing !== 'new' ? editing.id : undefined;
    const body = { passengerId: traveller.id, airline: v.airline ?? '', number: normalizeMemberCardNumber(v.number ?? ''), holder: (v.holder ?? '').trim() || defaultHolder };
    save.mutate(
      { id, body },
      {
        onSuccess: (card) => {
          setCards((list) => (id ? list.map((c) => (c.id === id ? card : c)) : [...list, card]));
          setEditing(null);
          notify.success(t('common.saved'));
        },
        onError: (err) => {
          const { fields, rest } = serverFieldErrors(err, t('travellers.cards.saveFailed'));
          const onForm = fields.filter((f) => CARD_FIELDS.includes(String(f.name[0])));
          setFieldErrors(onForm);
          if (rest || onForm.length < fields.length) notify.error(rest ?? t('travellers.cards.saveFailed'));
        },
      },
    );
  }

  function del(card: MemberCard) {
    remove.mutate(card.id, {
      onSuccess: () => {
        setCards((list) => list.filter((c) => c.id !== card.id));
        if (editing !== 'new' && editing?.id === card.id) setEditing(null);
        notify.success(t('travellers.cards.deleted'));
      },
      onError: (err) => notify.error(err.message || t('travellers.cards.deleteFailed')),
    });
  }

  return (
    <Flex vertical gap={8} data-testid="member-cards">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t('travellers.cards.title')}</Typography.Text>
        <Button size="small" icon={<PlusOutlined />} disabled={full || editing !== null} onClick={() => open('new')}>
          {t('travellers.cards.add')}
        </Button>
      </Flex>
      {cards.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('travellers.cards.empty')} />
      ) : (
        // Plain rows (antd's List is deprecated): a traveller has a handful of cards at most.
        <Flex vertical role="list" style={{ border: '1px solid rgba(5,5,5,0.06)', borderRadius: 8 }}>
          {cards.map((card, i) => (
            <Flex key={card.id} role="listitem" justify="space-between" align="center" gap={8} wrap style={{ padding: '6px 12px', borderTop: i ? '1px solid rgba(5,5,5,0.06)' : undefined }}>
              <Space size={8} wrap>
                <Typography.Text strong>{card.airline}</Typography.Text>
                <Typography.Text type="secondary">{names.airline(card.airline)}</Typography.Text>
                <Typography.Text code>{card.number}</Typography.Text>
                <Typography.Text>{card.holder}</Typography.Text>
              </Space>
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('common.edit')} disabled={editing !== null} onClick={() => open(card)} />
                <Popconfirm
                  title={t('travellers.cards.deleteConfirm', { airline: card.airline, number: card.number })}
                  okText={t('common.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={() => del(card)}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                </Popconfirm>
              </Space>
            </Flex>
          ))}
        </Flex>
      )}
      {editing !== null && (
        // Its own form (not nested in the traveller's): a card is saved on its own, with its own errors.
        <Form form={form} layout="vertical" size="small" aria-label={t(editing === 'new' ? 'travellers.cards.add' : 'travellers.cards.edit')}>
          <Row gutter={[12, 0]}>
            <Col xs={24} sm={8}>
              <Form.Item name="airline" label={t('travellers.cards.airline')} rules={[{ required: true, message: t('travellers.memberCard.airline') }]}>
                <Select
                  options={airlines}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('travellers.cards.airlinePlaceholder')}
                  notFoundContent={airlines.length === 0 ? t('common.loading') : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item
                name="number"
                label={t('travellers.cards.number')}
                normalize={upperLatin}
                dependencies={['airline']}
                rules={[
                  {
                    // The programme's public number format (shared with the server); the airline is required above.
                    validator: async (_, value: string | undefined) => {
                      const airline = form.getFieldValue('airline') as string | undefined;
                      const error = memberCardNumberError(airline ?? '', normalizeMemberCardNumber(value ?? ''));
                      if (error) throw new Error(messageOf(error, t));
                    },
                  },
                ]}
              >
                <Input autoComplete="off" maxLength={20} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="holder" label={t('travellers.cards.holder')} normalize={upperLatin}>
                <Input autoComplete="off" maxLength={100} placeholder={defaultHolder} />
              </Form.Item>
            </Col>
          </Row>
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
              {t('travellers.cards.save')}
            </Button>
          </Flex>
        </Form>
      )}
    </Flex>
  );
}
