import { Alert, Descriptions, Tag } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Company, CommonConfig } from '@portal/contract/api/auth';

const FLAGS = ['enableFlightService', 'enableTrainService', 'isShowBill', 'canCreateSubAgency'] as const satisfies readonly (keyof CommonConfig)[];

/** Read-only on purpose: the parent agency (or the platform) sets these in agency management. */
export function ServiceFlags({ company }: { company: Company }) {
  const { t } = useTranslation();
  const config = company.config.commonConfig;
  const isPlatform = company.proxyLevel === 0;
  return (
    <>
      <Alert
        type="info"
        showIcon
        title={isPlatform ? t('company.services.platformNote') : t('company.services.parentNote')}
        style={{ marginBottom: 16 }}
      />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          ...FLAGS.map((flag) => ({
            key: flag,
            label: t(`company.services.${flag}`),
            children: config[flag] ? (
              <Tag color="success" icon={<CheckCircleFilled />}>
                {t('company.services.on')}
              </Tag>
            ) : (
              <Tag icon={<MinusCircleOutlined />}>{t('company.services.off')}</Tag>
            ),
          })),
          { key: 'settlementCurrency', label: t('company.services.settlementCurrency'), children: config.settlementCurrency },
        ]}
      />
    </>
  );
}
