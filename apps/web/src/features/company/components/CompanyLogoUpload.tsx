import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { BankOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useUploadCompanyLogo } from '../api/upload-company-logo';
import { checkLogoFile, LOGO_ACCEPT } from '../utils/check-logo-file';

interface Props {
  logo: string | null;
  name: string;
  canEdit: boolean;
}

export function CompanyLogoUpload({ logo, name, canEdit }: Props) {
  const { t } = useTranslation();
  const upload = useUploadCompanyLogo();

  const send = (file: File) => {
    const problem = checkLogoFile(file);
    if (problem) {
      notify.error(t(problem));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify.success(t('company.logo.success')),
      onError: (error) => notify.error(error instanceof ApiError || error instanceof Error ? error.message : t('company.logo.failed')),
    });
  };

  return (
    <Flex align="center" gap={16} wrap>
      <Avatar
        shape="square"
        size={88}
        src={logo || undefined}
        icon={logo ? undefined : <BankOutlined />}
        alt={t('company.logo.alt', { name })}
        style={{ background: logo ? 'transparent' : undefined, flex: 'none' }}
      />
      {canEdit && (
        <Flex vertical gap={4}>
          <Upload
            accept={LOGO_ACCEPT}
            showUploadList={false}
            maxCount={1}
            // We send the file ourselves: checked first, then through the API client (token, envelope, errors).
            beforeUpload={(file) => {
              send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {logo ? t('company.logo.change') : t('company.logo.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('company.logo.hint')}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
