import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChinese } from '../lib/i18n';
import { siteName, useSiteConfig } from '../lib/site';

interface Props {
  /** Embedded mode (partner site): no marketing links. */
  embedded: boolean;
  paths: { home: string; terms: string; privacy: string };
  /** The language and currency selects (antd): the full shell passes them, the landing page's light shell loads them late. */
  language: ReactNode;
  currency: ReactNode;
}

/** The site footer, drawn without antd (app/shell.css) so the landing page can show it before antd loads. */
export function AppFooter({ embedded, paths, language, currency }: Props) {
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  const name = siteName(site, isChinese());
  const year = new Date().getFullYear();

  return (
    <footer className="portal-footer">
      <div className="portal-footer-inner">
        <div className="portal-footer-grid">
          <div>
            <span className="portal-footer-heading">{t('layout.footer.language')}</span>
            <div className="portal-footer-control">{language}</div>
          </div>
          <div>
            <span className="portal-footer-heading">{t('layout.footer.currency')}</span>
            <div className="portal-footer-control">{currency}</div>
          </div>
          <div>
            <span className="portal-footer-heading">{t('layout.footer.links')}</span>
            <div className="portal-footer-links">
              {!embedded && (
                <>
                  <Link to={paths.home}>{t('layout.footer.home')}</Link>
                  <Link to={`${paths.home}#about`}>{t('layout.footer.about')}</Link>
                  <Link to={`${paths.home}#partnership`}>{t('layout.footer.partnership')}</Link>
                </>
              )}
              <Link to={paths.terms}>{t('layout.footer.terms')}</Link>
              <Link to={paths.privacy}>{t('layout.footer.privacy')}</Link>
            </div>
          </div>
        </div>
        <hr className="portal-footer-rule" />
        <div className="portal-footer-legal">
          <span>{t('layout.footer.copyright', { year, name })}</span>
          {site?.isIcp && site.icpCode && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {site.icpCode}
            </a>
          )}
          {site?.isNetworkSecurity && site.networkSecurityCode && (
            <a href="https://beian.mps.gov.cn/" target="_blank" rel="noreferrer">
              {t('layout.footer.networkSecurity', { code: site.networkSecurityCode })}
            </a>
          )}
        </div>
      </div>
    </footer>
  );
}
