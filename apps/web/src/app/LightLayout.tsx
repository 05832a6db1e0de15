import { lazy, Suspense } from 'react';
import { LoginOutlined } from '@ant-design/icons';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SessionAnswer } from '@portal/contract/api/auth';
import { AppFooter } from '../components/AppFooter';
import { Island } from '../components/Island';
import { SiteBrand } from '../components/SiteBrand';
import { closeLoginDialog, openLoginDialog, useLoginDialogOpen } from '../features/auth/login-dialog-store';
import { loadAllTexts } from '../lib/i18n';
import { landingPath } from './guard';
import { paths } from './paths';
import { routes } from './routes';

/** antd parts of the light shell, loaded when wanted (components/Island) with every text they may show. */
const withTexts = <T,>(load: () => Promise<T>) => () => Promise.all([load(), loadAllTexts()]).then(([m]) => m);
const LanguageIsland = lazy(withTexts(() => import('./light-islands').then((m) => ({ default: m.LanguageIsland }))));
const CurrencyIsland = lazy(withTexts(() => import('./light-islands').then((m) => ({ default: m.CurrencyIsland }))));
const LoginIsland = lazy(withTexts(() => import('./light-islands').then((m) => ({ default: m.LoginIsland }))));

/** The header's frame, also shown while the full shell loads (same size: nothing moves when it arrives). */
export function LightHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="portal-header">
      <div className="portal-bar">
        <SiteBrand />
        <div className="portal-bar-end">{children}</div>
      </div>
    </header>
  );
}

/**
 * The shell of the public landing page for an anonymous visitor, drawn without antd (issue 14: the landing page's
 * first load carries neither antd nor the logged-in shell). Same layout and sizes as the full shell (app/Layout.tsx);
 * the footer's selects and the login dialog are antd islands.
 */
export function LightLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginOpen = useLoginDialogOpen();

  function loggedIn(answer: SessionAnswer) {
    closeLoginDialog();
    void navigate(landingPath({ me: answer }, routes));
  }

  return (
    <div className="portal-light">
      <LightHeader>
        <button type="button" className="portal-btn portal-btn--primary" onClick={openLoginDialog}>
          <LoginOutlined />
          <span>{t('layout.menu.login')}</span>
        </button>
      </LightHeader>
      <main className="portal-main">
        <Outlet />
      </main>
      <AppFooter
        embedded={false}
        paths={paths}
        language={<Island component={LanguageIsland} placeholder={<span className="portal-footer-slot" />} />}
        currency={<Island component={CurrencyIsland} placeholder={<span className="portal-footer-slot" style={{ width: 110 }} />} />}
      />
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginIsland onLoggedIn={loggedIn} />
        </Suspense>
      )}
    </div>
  );
}
