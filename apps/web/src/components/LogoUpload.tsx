import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { BankOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkLogoFile, LOGO_ACCEPT, type LogoProblem } from '../lib/logo-file';
import { notify } from '../lib/notify';

/** Already translated texts: each place that shows a logo keeps its own wording. */
export interface LogoUploadTexts {
  alt: string;
  upload: string;
  change: string;
  hint: string;
  /** Shown for a refused file; without it the server's own message (error.upload.*) is used. */
  problems?: Partial<Record<LogoProblem, string>>;
}

interface Props {
  logo: string | null;
  /** Avatar size in pixels. */
  size: number;
  texts: LogoUploadTexts;
  /** True while the caller's upload is on its way (spins the button). */
  uploading: boolean;
  /** Called with a file that passed the same checks as the server's; the caller sends it and reports the result. */
  onUpload: (file: File) => void;
  /** Without it only the logo is shown. */
  canEdit?: boolean;
}

/**
 * A logo with its upload button, shared by the company page and the sub-agency drawer. The file is checked here and
 * sent by the caller (each has its own route, cache and success message), at once and not with any form's Save.
 */
export function LogoUpload({ logo, size, texts, uploading, onUpload, canEdit = true }: Props) {
  const { t } = useTranslation();

  const pick = (file: File) => {
    const problem = checkLogoFile(file);
    if (problem) notify.error(texts.problems?.[problem] ?? t(problem));
    else onUpload(file);
  };

  return (
    <Flex align="center" gap={16} wrap>
      <Avatar
        shape="square"
        size={size}
        src={logo || undefined}
        icon={logo ? undefined : <BankOutlined />}
        alt={texts.alt}
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
              pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {logo ? texts.change : texts.upload}
            </Button>
          </Upload>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {texts.hint}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
