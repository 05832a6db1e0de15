import { useTranslation } from 'react-i18next';

/** A page-sized loading indicator, drawn without antd: the route guard shows it before antd is loaded. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="portal-spinner" role="status" aria-label={t('common.loading')}>
      <span className="portal-spinner-dot" />
    </div>
  );
}
