import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Result, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Agency } from '@portal/contract/api/agencies';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { ACCESS } from '../../../app/access';
import { paths } from '../../../app/paths';
import { useCanOpen } from '../../../app/use-can-open';
import { useSession } from '../../../lib/session';
import { useAgencies } from '../api/get-agencies';
import { AgenciesTable } from '../components/AgenciesTable';
import { AgencyConfigDrawer } from '../components/AgencyConfigDrawer';
import { AgencyFilters } from '../components/AgencyFilters';
import { AgencyFormDrawer } from '../components/AgencyFormDrawer';
import type { AgencyAction } from '../components/AgencyRowActions';
import { ApiKeyModal } from '../components/ApiKeyModal';
import { CreditLimitModal } from '../components/CreditLimitModal';
import { LookToBookModal } from '../components/LookToBookModal';
import { ResetSuperUserPasswordModal } from '../components/ResetSuperUserPasswordModal';
import { SingleLoginSecretModal } from '../components/SingleLoginSecretModal';
import { TopUpModal } from '../components/TopUpModal';
import { useDeleteAgencyConfirm } from '../components/use-delete-agency';
import { NO_FILTERS, useAgencyListQuery } from '../utils/use-agency-list-query';

/** Which dialog is open, and for which agency; one at a time. */
type DialogAction = Exclude<AgencyAction, 'delete' | 'bills'>;
type Dialog = { kind: 'create' } | { kind: DialogAction; agency: Agency } | null;

/** Agency management for the top-level agency (route guard: finance or SuperUser, canCreateSubAgency on). */
export default function AgencyManagerPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const navigate = useNavigate();
  const { query, setQuery, hasFilters } = useAgencyListQuery();
  const agencies = useAgencies(query);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { confirmDelete, holder } = useDeleteAgencyConfirm();
  const dateFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  // An agency bill page needs agencybills:read (spec point 2): without it the row menu does not offer "Bills".
  const mayOpenBills = useCanOpen(ACCESS.agencyBill);

  const close = () => setDialog(null);
  const agencyFor = (kind: DialogAction) => (dialog && dialog.kind === kind ? dialog.agency : null);
  const onAction = (action: AgencyAction, agency: Agency) => {
    if (action === 'delete') confirmDelete(agency);
    else if (action === 'bills') void navigate(paths.agencyBill(agency.id));
    else setDialog({ kind: action, agency });
  };
  const formTarget = dialog?.kind === 'create' ? 'create' : dialog?.kind === 'edit' ? dialog.agency : null;

  const retry = (
    <Button size="small" icon={<ReloadOutlined />} onClick={() => void agencies.refetch()}>
      {t('agency.actions.retry')}
    </Button>
  );
  const empty = hasFilters ? (
    <Empty description={t('agency.empty.filtered')}>
      <Button onClick={() => setQuery(NO_FILTERS)}>{t('agency.actions.clearFilters')}</Button>
    </Empty>
  ) : (
    <Empty description={t('agency.empty.none')}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
        {t('agency.actions.create')}
      </Button>
    </Empty>
  );

  return (
    <Flex vertical gap={16}>
      {holder}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('agency.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('agency.subtitle')}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
          {t('agency.actions.create')}
        </Button>
      </Flex>

      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <AgencyFilters query={query} hasFilters={hasFilters} onChange={setQuery} />
          {agencies.isError && agencies.data && (
            // A refetch failed but the last good page is still useful: keep it and say it may be stale.
            <Alert type="warning" showIcon title={agencies.error.message || t('agency.errors.load')} action={retry} />
          )}
          {agencies.isError && !agencies.data ? (
            <Result status="error" title={t('agency.errors.load')} subTitle={agencies.error.message} extra={retry} />
          ) : (
            <AgenciesTable
              agencies={agencies.data?.items ?? []}
              loading={agencies.isFetching}
              dateFormat={dateFormat}
              empty={empty}
              onAction={onAction}
              showBills={mayOpenBills}
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: agencies.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('agency.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              }}
            />
          )}
        </Flex>
      </Card>

      <AgencyFormDrawer target={formTarget} onClose={close} />
      <AgencyConfigDrawer agency={agencyFor('config')} onClose={close} />
      <TopUpModal agency={agencyFor('topUp')} onClose={close} />
      <CreditLimitModal agency={agencyFor('credit')} onClose={close} />
      <ApiKeyModal agency={agencyFor('apiKey')} dateFormat={dateFormat} onClose={close} />
      <SingleLoginSecretModal agency={agencyFor('singleLoginSecret')} dateFormat={dateFormat} onClose={close} />
      <ResetSuperUserPasswordModal agency={agencyFor('password')} onClose={close} />
      <LookToBookModal agency={agencyFor('lookToBook')} onClose={close} />
    </Flex>
  );
}
