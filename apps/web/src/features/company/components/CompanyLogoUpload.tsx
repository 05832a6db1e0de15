import { useTranslation } from 'react-i18next';
import { LogoUpload } from '../../../components/LogoUpload';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useUploadCompanyLogo } from '../api/upload-company-logo';

interface Props {
  logo: string | null;
  name: string;
  canEdit: boolean;
}

/** The company's own logo: the shared upload with the company's texts; a refused file gets the server's message. */
export function CompanyLogoUpload({ logo, name, canEdit }: Props) {
  const { t } = useTranslation();
  const upload = useUploadCompanyLogo();

  const send = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => notify.success(t('company.logo.success')),
      onError: (error) => notify.error(error instanceof ApiError || error instanceof Error ? error.message : t('company.logo.failed')),
    });

  return (
    <LogoUpload
      logo={logo}
      size={88}
      canEdit={canEdit}
      uploading={upload.isPending}
      onUpload={send}
      texts={{
        alt: t('company.logo.alt', { name }),
        upload: t('company.logo.upload'),
        change: t('company.logo.change'),
        hint: t('company.logo.hint'),
      }}
    />
  );
}
