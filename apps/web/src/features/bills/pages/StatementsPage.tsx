import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListQueryView, listPagination } from '../../../components/bills/ListQueryView';
import { StatementsTable } from '../../../components/bills/StatementsTable';
import { MonthFilter } from '../../../components/bills/filter-fields';
import { currentMonth } from '../../../components/bills/statement-month';
import { GenerateStatementButton, useStatementViewer } from '../../../components/bills/use-statement-viewer';
import { useDateFormat } from '../../../lib/use-date-format';
import { useUrlQuery } from '../../../lib/use-url-query';
import { ownStatementSource, useGenerateStatement, useStatements } from '../api/get-statements';
import { BillsHeader } from '../components/BillsHeader';
import { statementUrlQuery } from '../utils/queries';

/** /bills/statements: the agency's monthly statements (the finance user's landing page), each with its detail and Excel bill. */
export default function StatementsPage() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const { query, setQuery } = useUrlQuery(statementUrlQuery);
  const statements = useStatements(query);
  const viewer = useStatementViewer(ownStatementSource, dateFormat);
  const generate = useGenerateStatement();

  return (
    <Flex vertical gap={16}>
      <BillsHeader
        subtitle={t('bills.statements.subtitle')}
        actions={<GenerateStatementButton primary loading={generate.isPending} onClick={() => generate.mutate(currentMonth(), viewer.generated)} />}
      />
      <Card title={t('bills.statements.title')} styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          <Flex wrap gap={8}>
            <MonthFilter value={query.month} onChange={(month) => setQuery({ month })} />
          </Flex>
          <ListQueryView query={statements} errorTitle={t('bills.statements.errors.load')}>
            <StatementsTable
              statements={statements.data?.items ?? []}
              loading={statements.isFetching}
              dateFormat={dateFormat}
              {...viewer.tableProps}
              empty={
                <ListEmpty
                  filtered={Boolean(query.month)}
                  filteredText={t('bills.statements.emptyMonth', { month: query.month })}
                  emptyText={t('bills.statements.empty')}
                  onClear={() => setQuery({ month: undefined })}
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
