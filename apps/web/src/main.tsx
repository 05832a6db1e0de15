import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { nonceScriptCreatedStyles, readCspNonce } from './lib/csp';
import { i18nReady } from './lib/i18n';
import { App } from './app/App';
import { paths } from './app/paths';
import { Providers } from './app/providers';

// Before the first render: antd writes its styles while rendering.
const nonce = readCspNonce();
if (nonce) nonceScriptCreatedStyles(nonce);

// The landing page's chunk downloads beside the texts, not after them (the route would ask for it only on render).
const page = window.location.pathname === paths.home ? import('./features/landing/pages/LandingPage').catch(() => undefined) : undefined;

// First render once the language's texts are there: no flash of untranslated keys.
// A transition: React renders the first page in slices, yielding to the browser, instead of one long task.
void Promise.all([i18nReady.catch(() => undefined), page]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <App />
        </Providers>
      </StrictMode>,
    ),
  );
});
