import { Button, Card, Col, Flex, Result, Row, Tabs, Typography } from 'antd';
import { LockOutlined, SettingOutlined, StarOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/PageSpinner';
import { useSession } from '../../../lib/session';
import { openLoginDialog } from '../../auth/login-dialog-store';
import { AccountForm } from '../components/AccountForm';
import { AvatarUpload } from '../components/AvatarUpload';
import { FavouriteCities } from '../components/FavouriteCities';
import { FavouriteCountries } from '../components/FavouriteCountries';
import { FrequentPassengers } from '../components/FrequentPassengers';
import { PasswordForm } from '../components/PasswordForm';
import { PreferencesForm } from '../components/PreferencesForm';

const TABS = ['account', 'password', 'favourites', 'preferences'] as const;

export default function ProfilePage() {
  const { t } = useTranslation();
  const { me, restoring } = useSession();
  // The tab lives in the URL (/profile?tab=favourites), so a reload, the back button and a link from the booking
  // form's "add them in your profile" land on the frequent passengers rather than on the account form.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = (TABS as readonly string[]).includes(asked ?? '') ? asked! : 'account';

  if (restoring) return <PageSpinner />;
  // /profile is public in the guard table (spec point 2), but there is nothing to show without a session.
  if (!me) {
    return (
      <Result
        icon={<LockOutlined />}
        title={t('auth.prompt.title')}
        subTitle={t('auth.prompt.text')}
        extra={
          <Button type="primary" onClick={openLoginDialog}>
            {t('auth.prompt.action')}
          </Button>
        }
      />
    );
  }

  const user = me.userInfo;
  const config = user.config;

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('profile.title')}
      </Typography.Title>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams((p) => {
            const next = new URLSearchParams(p);
            next.set('tab', key);
            return next;
          }, { replace: true })}
          items={[
            {
              key: 'account',
              icon: <UserOutlined />,
              label: t('profile.tabs.account'),
              children: (
                <Row gutter={[32, 24]}>
                  <Col xs={24} md={6}>
                    <AvatarUpload src={user.avatar} />
                  </Col>
                  <Col xs={24} md={18}>
                    <AccountForm user={user} />
                  </Col>
                </Row>
              ),
            },
            { key: 'password', icon: <LockOutlined />, label: t('profile.tabs.password'), children: <PasswordForm /> },
            {
              key: 'favourites',
              icon: <StarOutlined />,
              label: t('profile.tabs.favourites'),
              children: (
                <Flex vertical gap={16}>
                  <Row gutter={[16, 16]}>
                    <Col xs={24} lg={12}>
                      <FavouriteCities value={config.cities} />
                    </Col>
                    <Col xs={24} lg={12}>
                      <FavouriteCountries value={config.countries} />
                    </Col>
                  </Row>
                  <FrequentPassengers />
                </Flex>
              ),
            },
            { key: 'preferences', icon: <SettingOutlined />, label: t('profile.tabs.preferences'), children: <PreferencesForm config={config} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
