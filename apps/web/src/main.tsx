import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { nonceScriptCreatedStyles, readCspNonce } from './lib/csp';
import './lib/i18n';
import { App } from './app/App';
import { Providers } from './app/providers';

// Before the first render: antd writes its styles while rendering.
const nonce = readCspNonce();
if (nonce) nonceScriptCreatedStyles(nonce);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
