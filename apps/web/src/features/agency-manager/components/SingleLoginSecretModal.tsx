import { Alert, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Agency, SingleLoginSecretAnswer } from '@portal/contract/api/agencies';
import { formatDateTime } from '../../../lib/format';
import { useRotateSingleLoginSecret } from '../api/rotate-single-login-secret';
import { RevealOnceModal } from '../../../components/RevealOnceModal';

interface Props {
  agency: Agency | null;
  dateFormat: string;
  onClose: () => void;
}

/**
 * Rotates the secret the agency signs its single-login links with (docs/single-login.md). The previous secret stays
 * valid until the next rotation, so the agency can switch over.
 */
export function SingleLoginSecretModal({ agency, dateFormat, onClose }: Props) {
  const { t } = useTranslation();
  const rotate = useRotateSingleLoginSecret();
  return (
    <RevealOnceModal<SingleLoginSecretAnswer, Agency, string>
      subject={agency}
      variables={(a) => a.id}
      cancel={t('agency.common.cancel')}
      onClose={onClose}
      issue={rotate}
      secretOf={(a) => a.secret}
      actionIcon={<SyncOutlined />}
      actionDanger
      texts={(shown) => ({
        title: t('agency.singleLoginSecret.title', { name: shown?.name ?? '' }),
        action: t('agency.singleLoginSecret.rotate'),
        done: t('agency.singleLoginSecret.done'),
        once: t('agency.singleLoginSecret.once'),
        valueLabel: t('agency.singleLoginSecret.secret'),
        copy: t('agency.singleLoginSecret.copy'),
        failed: t('agency.singleLoginSecret.failed'),
        copyFailed: t('agency.singleLoginSecret.copyFailed'),
      })}
      issuedNote={(issued) => (
        <Typography.Text type="secondary">{t('agency.singleLoginSecret.rotatedAt', { date: formatDateTime(issued.rotatedAt, dateFormat) })}</Typography.Text>
      )}
      intro={() => (
        <>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('agency.singleLoginSecret.intro')}</Typography.Paragraph>
          <Alert type="info" showIcon title={t('agency.singleLoginSecret.rollover')} />
        </>
      )}
    />
  );
}
