import { Breadcrumb, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCESS } from '../../../app/access';
import { paths } from '../../../app/paths';
import { useCanOpen } from '../../../app/use-can-open';
import { ListEmpty, ListQueryView, listPagination } from '../../../components/bills/ListQueryView';
import { StatementsTable } from '../../../components/bills/StatementsTable';
import { KeywordSearch } from '../../../components/KeywordSearch';
import { MonthFilter } from '../../../components/bills/filter-fields';
import { useStatementViewer } from '../../../components/bills/use-statement-viewer';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { subStatementSource, useSubStatements } from '../api/get-sub-statements';
import { subStatementUrlQuery } from '../utils/queries';

/** /agency-manager/statements: the monthly statements of every sub-agency, each linking to that agency's bills. */
export default function AgencyStatementsPage() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(subStatementUrlQuery);
  const statements = useSubStatements({ ...query, scope: 'subAgencies' });
  const viewer = useStatementViewer(subStatementSource, dateFormat);
  // An agency bill page needs agencybills:read (spec point 2): without it the agency name is plain text, not a link.
  const mayOpenBills = useCanOpen(ACCESS.agencyBill);

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[{ title: <Link to={paths.agencyManager}>{t('bills.agency.breadcrumb')}</Link> }, { title: t('bills.agency.statementsTitle') }]}
      />
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('bills.agency.statementsTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('bills.agency.statementsSubtitle')}</Typography.Text>
      </div>
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <Flex wrap gap={8}>
            <KeywordSearch value={query.keyword} onSearch={(keyword) => setQuery({ keyword })} label={t('bills.agency.keyword')} maxLength={100} style={{ width: 260 }} />
            <MonthFilter value={query.month} onChange={(month) => setQuery({ month })} />
          </Flex>
          <ListQueryView query={statements} errorTitle={t('bills.statements.errors.load')}>
            <StatementsTable
              statements={statements.data?.items ?? []}
              loading={statements.isFetching}
              dateFormat={dateFormat}
              showCompany
              companyLink={mayOpenBills ? (s) => paths.agencyBill(s.companyId) : undefined}
              {...viewer.tableProps}
              empty={
                <ListEmpty
                  filtered={Boolean(query.month || query.keyword)}
                  filteredText={t('bills.agency.emptyFiltered')}
                  emptyText={t('bills.agency.empty')}
                  onClear={() => setQuery({ month: undefined, keyword: undefined })}
                />
              }
              pagination={listPagination({
                page: query.page,
                pageSize: query.pageSize,
                total: statements.data?.total,
                showTotal: (total) => t('bills.statements.total', { count: total }),
                onChange: (page, pageSize) => setQuery({ page, pageSize }),
              })}
            />
          </ListQueryView>
        </Flex>
      </Card>
      {viewer.drawer}
    </Flex>
  );
}
