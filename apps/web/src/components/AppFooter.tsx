import { Col, Divider, Flex, Layout, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChinese } from '../lib/i18n';
import { siteName, useSiteConfig } from '../lib/site';
import { CurrencySelect } from './CurrencySelect';
import { LanguageSelect } from './LanguageSelect';

const linkStyle = { color: 'rgba(255,255,255,0.75)' };
const headingStyle = { color: '#fff', fontSize: 13, letterSpacing: 0.4, textTransform: 'uppercase' as const };

interface Props {
  /** Embedded mode (partner site): no marketing links. */
  embedded: boolean;
  paths: { home: string; terms: string; privacy: string };
}

export function AppFooter({ embedded, paths }: Props) {
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  const name = siteName(site, isChinese());
  const year = new Date().getFullYear();

  return (
    <Layout.Footer style={{ color: 'rgba(255,255,255,0.75)', padding: '40px 24px 24px' }}>
      <div style={{ maxWidth: 1200, margin: '0 auto' }}>
        <Row gutter={[32, 24]}>
          <Col xs={24} sm={12} md={8}>
            <Typography.Text style={headingStyle}>{t('layout.footer.language')}</Typography.Text>
            <div style={{ marginTop: 12 }}>
              <LanguageSelect />
            </div>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Typography.Text style={headingStyle}>{t('layout.footer.currency')}</Typography.Text>
            <div style={{ marginTop: 12 }}>
              <CurrencySelect />
            </div>
          </Col>
          <Col xs={24} md={8}>
            <Typography.Text style={headingStyle}>{t('layout.footer.links')}</Typography.Text>
            <Flex vertical gap={8} style={{ marginTop: 12 }}>
              {!embedded && (
                <>
                  <Link to={paths.home} style={linkStyle}>
                    {t('layout.footer.home')}
                  </Link>
                  <Link to={`${paths.home}#about`} style={linkStyle}>
                    {t('layout.footer.about')}
                  </Link>
                  <Link to={`${paths.home}#partnership`} style={linkStyle}>
                    {t('layout.footer.partnership')}
                  </Link>
                </>
              )}
              <Link to={paths.terms} style={linkStyle}>
                {t('layout.footer.terms')}
              </Link>
              <Link to={paths.privacy} style={linkStyle}>
                {t('layout.footer.privacy')}
              </Link>
            </Flex>
          </Col>
        </Row>
        <Divider style={{ borderColor: 'rgba(255,255,255,0.15)', margin: '32px 0 16px' }} />
        <Space wrap size={[16, 4]} style={{ fontSize: 13 }}>
          <span>{t('layout.footer.copyright', { year, name })}</span>
          {site?.isIcp && site.icpCode && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" style={linkStyle}>
              {site.icpCode}
            </a>
          )}
          {site?.isNetworkSecurity && site.networkSecurityCode && (
            <a href="https://beian.mps.gov.cn/" target="_blank" rel="noreferrer" style={linkStyle}>
              {t('layout.footer.networkSecurity', { code: site.networkSecurityCode })}
            </a>
          )}
        </Space>
      </div>
    </Layout.Footer>
  );
}
