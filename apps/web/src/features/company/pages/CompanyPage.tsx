import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { hasRole } from '@portal/contract/roles';
import { useSession } from '../../../lib/session';
import { useCompany } from '../api/get-company';
import { CompanyLogoUpload } from '../components/CompanyLogoUpload';
import { EditCompanyModal } from '../components/EditCompanyModal';
import { ServiceFlags } from '../components/ServiceFlags';
import { WebhooksCard } from '../components/WebhooksCard';

export default function CompanyPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const company = useCompany();
  const [editing, setEditing] = useState(false);
  // The route is SuperUser-only already; the check keeps the page honest if that ever changes.
  const canEdit = hasRole(me?.userInfo.roles ?? [], 'SuperUser');

  if (company.isPending) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (company.isError) {
    return (
      <Result
        status="error"
        title={t('company.errors.load')}
        subTitle={company.error.message}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void company.refetch()}>
            {t('company.common.retry')}
          </Button>
        }
      />
    );
  }

  const data = company.data;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('company.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('company.subtitle')}</Typography.Text>
      </div>

      <Card
        title={t('company.profile.title')}
        extra={
          canEdit && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('company.profile.edit')}
            </Button>
          )
        }
      >
        <Flex vertical gap={24}>
          <CompanyLogoUpload logo={data.logo} name={data.name} canEdit={canEdit} />
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'name', label: t('company.fields.name'), children: data.name },
              { key: 'alias', label: t('company.fields.alias'), children: data.alias || dash },
              { key: 'code', label: t('company.fields.code'), children: <Typography.Text copyable>{data.code}</Typography.Text> },
              {
                key: 'proxyLevel',
                label: t('company.fields.proxyLevel'),
                children:
                  data.proxyLevel === 0 ? (
                    <Tag color="gold">{t('company.level.platform')}</Tag>
                  ) : (
                    <Tag color="blue">{t('company.level.subAgency', { level: data.proxyLevel })}</Tag>
                  ),
              },
              { key: 'address', label: t('company.fields.address'), span: 'filled', children: data.address || dash },
            ]}
          />
        </Flex>
      </Card>

      <Card title={t('company.services.title')}>
        <ServiceFlags company={data} />
      </Card>

      {canEdit && <WebhooksCard />}

      {canEdit && <EditCompanyModal open={editing} company={data} onClose={() => setEditing(false)} />}
    </Flex>
  );
}
