import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BalanceCard } from '../../../components/bills/BalanceCard';
import { ListEmpty, ListQueryView, RetryButton, listPagination } from '../../../components/bills/ListQueryView';
import { WalletEntriesTable } from '../../../components/bills/WalletEntriesTable';
import { WalletEntryFilters } from '../../../components/bills/WalletEntryFilters';
import { useFileAction } from '../../../components/bills/use-file-action';
import { ExportButton } from '../../../components/bills/ExportButton';
import { useSession } from '../../../lib/session';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useWallet } from '../api/get-wallet';
import { exportWalletEntries, useWalletEntries } from '../api/get-wallet-entries';
import { usePaymentConfig } from '../api/wallet-payments';
import { BillsHeader } from '../components/BillsHeader';
import { PaymentReturn } from '../components/PaymentReturn';
import { TopUpDialog } from '../components/TopUpDialog';
import { exportFilename, walletEntryUrlQuery } from '../utils/queries';
import { topUpChannels } from '../utils/top-up';

/** /bills/wallet: what the agency can spend in each currency, online top-up, and every movement of its wallet. */
export default function WalletPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const dateFormat = useDateFormat();
  const [params, setParams] = useSearchParams();
  const { query, setQuery } = useUrlQuery(walletEntryUrlQuery);
  const wallet = useWallet();
  const entries = useWalletEntries(query);
  const paymentConfig = usePaymentConfig();
  const [topUpOpen, setTopUpOpen] = useState(false);
  const exporting = useFileAction<boolean>('bills.errors.export');

  const settlement = wallet.data?.settlementCurrency ?? me?.company.config.commonConfig.settlementCurrency;
  const channels = settlement ? topUpChannels(paymentConfig.data, settlement) : [];
  const paymentId = params.get('payment');
  const currencies = wallet.data?.balances.map((b) => b.currency) ?? [];
  const hasFilters = Boolean(query.type || query.from || query.to || query.currency);

  const dismissPayment = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );

  const exportEntries = () => {
    const { type, from, to, currency } = query;
    return exporting.run(true, () => exportWalletEntries({ type, from, to, currency }, exportFilename('wallet-entries')));
  };

  let summary;
  if (wallet.isError && !wallet.data) {
    summary = (
      <Card>
        <Result status="error" title={t('bills.wallet.errors.load')} subTitle={wallet.error.message} extra={<RetryButton onRetry={wallet.refetch} />} />
      </Card>
    );
  } else if (!wallet.data) {
    summary = (
      <Card>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  } else if (wallet.data.balances.length === 0) {
    summary = (
      <Card>
        <Empty description={t('bills.wallet.noBalances')} />
      </Card>
    );
  } else {
    const { value, unit } = wallet.data.creditPeriod;
    summary = (
      <Row gutter={[16, 16]}>
        {wallet.data.balances.map((b, i) => (
          <Col key={b.currency} xs={24} lg={wallet.data.balances.length > 1 ? 12 : 24} xxl={wallet.data.balances.length > 2 ? 8 : undefined}>
            <BalanceCard
              balance={b}
              settlement={b.currency === wallet.data.settlementCurrency}
              footer={
                i === 0 && b.creditLimit > 0 ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('bills.wallet.creditPeriod', { count: value, unit: t(`bills.units.${unit}`, { count: value }) })}
                  </Typography.Text>
                ) : undefined
              }
            />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Flex vertical gap={16}>
      <BillsHeader
        subtitle={t('bills.wallet.subtitle')}
        actions={
          channels.length > 0 && settlement ? (
            <Button type="primary" icon={<CreditCardOutlined />} onClick={() => setTopUpOpen(true)}>
              {t('bills.topUp.open')}
            </Button>
          ) : undefined
        }
      />
      {paymentId && <PaymentReturn paymentId={paymentId} onDismiss={dismissPayment} />}
      {wallet.isError && wallet.data && <Alert type="warning" showIcon title={wallet.error.message || t('bills.wallet.errors.load')} action={<RetryButton onRetry={wallet.refetch} />} />}
      {summary}

      <Card title={t('bills.entries.title')} styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <WalletEntryFilters
            value={query}
            onChange={setQuery}
            currencies={currencies}
            actions={
              <ExportButton busy={exporting.busy !== null} onExport={exportEntries} />
            }
          />
          <ListQueryView query={entries} errorTitle={t('bills.entries.errors.load')}>
            <WalletEntriesTable
              entries={entries.data?.items ?? []}
              loading={entries.isFetching}
              dateFormat={dateFormat}
              empty={
                <ListEmpty
                  filtered={hasFilters}
                  filteredText={t('bills.entries.emptyFiltered')}
                  emptyText={t('bills.entries.empty')}
                  onClear={() => setQuery({ type: undefined, from: undefined, to: undefined, currency: undefined })}
                />
              }
              pagination={listPagination({
                page: query.page,
                pageSize: query.pageSize,
                total: entries.data?.total,
                showTotal: (total) => t('bills.entries.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              })}
            />
          </ListQueryView>
        </Flex>
      </Card>

      {settlement && channels.length > 0 && (
        <TopUpDialog open={topUpOpen} onClose={() => setTopUpOpen(false)} channels={channels} currency={settlement} />
      )}
    </Flex>
  );
}
