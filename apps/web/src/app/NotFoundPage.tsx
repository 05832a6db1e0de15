import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from './paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('layout.notFound.title')}
      subTitle={t('axios.notFound.text')}
      extra={
        <Link to={paths.home}>
          <Button type="primary">{t('layout.notFound.home')}</Button>
        </Link>
      }
    />
  );
}
