import { useMemo, type ReactNode } from 'react';
import { Typography, type TableColumnsType, type TableProps } from 'antd';
import { ListTable } from '../../../components/ListTable';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '@portal/contract/api/applications';
import { LANGUAGES, type Language } from '@portal/contract/languages';
import { regionNamer } from '../../../lib/display-names';
import { formatDateTime } from '../../../lib/format';
import { externalHref } from '../utils/external-link';

interface Props {
  items: ApplicationItem[];
  loading: boolean;
  pagination: TableProps<ApplicationItem>['pagination'];
  dateFormat: string;
  empty: ReactNode;
}

const isLanguage = (v: string): v is Language => (LANGUAGES as readonly string[]).includes(v);
const telHref = (phone: string) => `tel:${phone.replace(/[\s()-]/g, '')}`;

/** The "email or phone" field: a mail link for an address, a call link for a number (the contract allows both). */
function ContactLink({ value }: { value: string }) {
  const href = value.includes('@') ? `mailto:${value}` : telHref(value);
  return <Typography.Link href={href}>{value}</Typography.Link>;
}

function WebsiteLink({ value }: { value: string }) {
  const href = externalHref(value);
  // Text from a public form: only a checked http(s) address becomes a link, and it opens without an opener.
  if (!href) return <Typography.Text>{value}</Typography.Text>;
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
      {value}
    </Typography.Link>
  );
}

export function EnquiriesTable({ items, loading, pagination, dateFormat, empty }: Props) {
  const { t, i18n } = useTranslation();
  const countryName = useMemo(() => regionNamer(i18n.language), [i18n.language]);
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const text = (v: string | null) => v || dash;

  const columns: TableColumnsType<ApplicationItem> = [
    {
      title: t('platform.enquiries.columns.receivedAt'),
      dataIndex: 'createdAt',
      width: 150,
      fixed: 'left',
      render: (v: string) => formatDateTime(v, dateFormat),
    },
    { title: t('platform.enquiries.columns.name'), dataIndex: 'name', width: 140 },
    { title: t('platform.enquiries.columns.contact'), dataIndex: 'contact', width: 200, render: (v: string) => <ContactLink value={v} /> },
    {
      title: t('platform.enquiries.columns.phone'),
      dataIndex: 'phone',
      width: 150,
      render: (v: string | null) => (v ? <Typography.Link href={telHref(v)}>{v}</Typography.Link> : dash),
    },
    {
      title: t('platform.enquiries.columns.country'),
      dataIndex: 'country',
      width: 150,
      render: (code: string) => (
        <span title={code}>
          {countryName(code)}
        </span>
      ),
    },
    { title: t('platform.enquiries.columns.company'), dataIndex: 'companyName', width: 180, render: text },
    { title: t('platform.enquiries.columns.address'), dataIndex: 'companyAddress', width: 200, render: text },
    { title: t('platform.enquiries.columns.website'), dataIndex: 'website', width: 180, render: (v: string | null) => (v ? <WebsiteLink value={v} /> : dash) },
    {
      title: t('platform.enquiries.columns.remarks'),
      dataIndex: 'remarks',
      width: 240,
      // One line here; the whole text is in the expanded row.
      ellipsis: true,
      render: text,
    },
    {
      title: t('platform.enquiries.columns.language'),
      dataIndex: 'language',
      width: 110,
      render: (v: string) => (isLanguage(v) ? t(`layout.languageNames.${v}`) : v),
    },
  ];

  return (
    <ListTable<ApplicationItem>
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={pagination}
      // Wider than a phone on purpose: it scrolls sideways with the received time pinned.
      empty={empty}
      expandable={{
        fixed: 'left',
        rowExpandable: (r) => Boolean(r.remarks),
        expandedRowRender: (r) => (
          <div>
            <Typography.Text type="secondary">{t('platform.enquiries.columns.remarks')}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, maxWidth: 880 }}>{r.remarks}</Typography.Paragraph>
          </div>
        ),
      }}
    />
  );
}
