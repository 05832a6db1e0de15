import type { SessionAnswer } from '@portal/contract/api/auth';
import { CurrencySelect } from '../components/CurrencySelect';
import { LanguageSelect } from '../components/LanguageSelect';
import { LoginDialog } from '../features/auth/components/LoginDialog';
import { closeLoginDialog } from '../features/auth/login-dialog-store';
import { AntdProviders } from './antd-providers';

// The antd parts of the landing page's light shell (app/LightLayout.tsx), in one chunk loaded when first wanted.

export function LanguageIsland() {
  return (
    <AntdProviders>
      <LanguageSelect />
    </AntdProviders>
  );
}

export function CurrencyIsland() {
  return (
    <AntdProviders>
      <CurrencySelect />
    </AntdProviders>
  );
}

export function LoginIsland({ onLoggedIn }: { onLoggedIn(answer: SessionAnswer): void }) {
  return (
    <AntdProviders>
      <LoginDialog open onClose={closeLoginDialog} onLoggedIn={onLoggedIn} />
    </AntdProviders>
  );
}
