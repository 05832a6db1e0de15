import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Modal, Result, Row, Space, Typography } from 'antd';
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { RATE_BASE, type Currency } from '@portal/contract/currency';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useExchangeRates } from '../api/get-exchange-rates';
import { useUpdateExchangeRates } from '../api/update-exchange-rates';
import { RateConverter } from '../components/RateConverter';
import { RatesTable } from '../components/RatesTable';
import { changedRates, draftProblem, percentChange, type RateChange } from '../utils/rate-input';
import { rateRows } from '../utils/rate-rows';

type Drafts = Partial<Record<Currency, string>>;

/** A change this large is more often a slip (a digit, or the rate upside down) than the market: the dialog says so. */
const LARGE_CHANGE_PERCENT = 10;

/** Server field paths are "rates.<index>.<field>" of the body sent; put each message on its currency's row. */
function placeServerErrors(error: unknown, sent: RateChange[]): { rows: Drafts; unplaced: boolean } {
  const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
  const rows: Drafts = {};
  let unplaced = fields.length === 0;
  for (const [path, message] of fields) {
    const match = /^rates\.(\d+)\b/.exec(path);
    const change = match ? sent[Number(match[1])] : undefined;
    if (change) rows[change.currency] = message;
    else unplaced = true;
  }
  return { rows, unplaced };
}

function ChangeList({ changes }: { changes: RateChange[] }) {
  const { t } = useTranslation();
  return (
    <ul style={{ paddingInlineStart: 20, margin: '8px 0 0' }}>
      {changes.map((c) => {
        const pct = percentChange(c.from, c.rate);
        const large = pct !== null && Math.abs(pct) >= LARGE_CHANGE_PERCENT;
        return (
          <li key={c.currency}>
            <Typography.Text strong>{c.currency}</Typography.Text>{' '}
            {c.from === null ? t('platform.rates.confirm.newRate', { rate: c.rate }) : t('platform.rates.confirm.change', { from: c.from, to: c.rate })}
            {pct !== null && (
              <Typography.Text type={large ? 'danger' : 'secondary'}>
                {' '}
                ({pct > 0 ? '+' : ''}
                {pct.toFixed(2)}%)
              </Typography.Text>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Exchange rates to CNY, for the platform administrator (the route guard checks): view, edit, confirm, save. */
export default function ExchangeRatesPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const rates = useExchangeRates();
  const update = useUpdateExchangeRates();
  const [modal, holder] = Modal.useModal();
  const [drafts, setDrafts] = useState<Drafts | undefined>(undefined);
  const [serverErrors, setServerErrors] = useState<Drafts>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;

  const rows = useMemo(() => rateRows(rates.data), [rates.data]);
  const editing = drafts !== undefined;
  const changes = useMemo(() => (drafts ? changedRates(rows, drafts) : []), [rows, drafts]);
  const invalid = drafts ? rows.some((r) => draftProblem(r.rate, drafts[r.currency]) !== null) : false;

  const startEditing = () => {
    setDrafts({});
    setServerErrors({});
    setFormError(null);
  };
  const stopEditing = () => {
    setDrafts(undefined);
    setServerErrors({});
    setFormError(null);
  };
  const changeDraft = (currency: Currency, text: string) => {
    setDrafts((d) => ({ ...d, [currency]: text }));
    setServerErrors((errors) => {
      const next = { ...errors };
      delete next[currency];
      return next;
    });
  };

  const save = async (sent: RateChange[]) => {
    setFormError(null);
    try {
      await update.mutateAsync({ rates: sent.map(({ currency, rate }) => ({ currency, rate })) });
      notify.success(t('platform.rates.saved', { count: sent.length }));
      stopEditing();
    } catch (error) {
      const { rows: onRows, unplaced } = placeServerErrors(error, sent);
      setServerErrors(onRows);
      setFormError(unplaced ? (error instanceof Error && error.message) || t('platform.rates.errors.save') : null);
    }
  };

  const confirmSave = () => {
    if (changes.length === 0 || invalid) return;
    const sent = changes;
    modal.confirm({
      title: t('platform.rates.confirm.title', { count: sent.length }),
      content: (
        <div>
          <Typography.Text type="secondary">{t('platform.rates.confirm.content')}</Typography.Text>
          <ChangeList changes={sent} />
        </div>
      ),
      okText: t('platform.rates.confirm.ok'),
      cancelText: t('platform.common.cancel'),
      onOk: () => save(sent),
    });
  };

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void rates.refetch()}>
      {t('platform.common.retry')}
    </Button>
  );

  const actions = editing ? (
    <Space wrap>
      <Button onClick={stopEditing} disabled={update.isPending}>
        {t('platform.common.cancel')}
      </Button>
      <Button type="primary" onClick={confirmSave} loading={update.isPending} disabled={changes.length === 0 || invalid}>
        {changes.length > 0 ? t('platform.rates.saveCount', { count: changes.length }) : t('platform.rates.save')}
      </Button>
    </Space>
  ) : (
    <Button type="primary" icon={<EditOutlined />} onClick={startEditing} disabled={!rates.data}>
      {t('platform.rates.edit')}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      {holder}
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('platform.rates.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('platform.rates.subtitle', { base: RATE_BASE })}</Typography.Text>
        </div>
        {!(rates.isError && !rates.data) && actions}
      </Flex>

      {rates.isError && !rates.data ? (
        <Card>
          <Result status="error" title={t('platform.rates.errors.load')} subTitle={rates.error.message} extra={retry} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={{ span: 24, order: 2 }} xl={{ span: 16, order: 1 }}>
            <Card styles={{ body: { padding: 16 } }}>
              <Flex vertical gap={12}>
                {rates.isError && <Alert type="warning" showIcon title={rates.error.message || t('platform.rates.errors.load')} action={retry} />}
                {editing && <Alert type="info" showIcon title={t('platform.rates.editHint', { base: RATE_BASE })} />}
                {formError && <Alert type="error" showIcon title={formError} />}
                <RatesTable
                  rows={rows}
                  loading={rates.isFetching && !rates.data}
                  dateFormat={dateFormat}
                  drafts={drafts}
                  serverErrors={serverErrors}
                  onDraftChange={changeDraft}
                />
              </Flex>
            </Card>
          </Col>
          {/* First on a phone, where it would sit below 22 rows; beside the table, and staying in view, on a wide screen. */}
          <Col xs={{ span: 24, order: 1 }} xl={{ span: 8, order: 2 }}>
            <div style={{ position: 'sticky', top: 16 }}>
              <RateConverter rows={rows} drafts={drafts} />
            </div>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
