import type { Language } from '@portal/contract/languages';
import { renderHostedPage, renderNotFoundPage } from './hosted-page.ts';
import type { SandboxProvider } from './provider.ts';

/** The hosted page's two use cases: show the payment, and carry out the payer's choice. */

export type CheckoutAnswer = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; url: string };

const pagePath = (code: string, id: string) => `/sandbox/${code}/pay/${encodeURIComponent(id)}`;

export async function showCheckout(sandbox: SandboxProvider, code: string, id: string, lang: Language, now = new Date()): Promise<CheckoutAnswer> {
  const profile = sandbox.profile(code);
  const payment = profile ? await sandbox.lookup(code, id, now) : null;
  if (!profile || !payment) return { kind: 'page', status: 404, html: renderNotFoundPage(lang) };
  return {
    kind: 'page',
    status: 200,
    html: renderHostedPage({ lang, profile, payment, merchantName: sandbox.merchantName, actionPath: pagePath(code, id), now }),
  };
}

/**
 * Pay or cancel, then back to the merchant; a payment no longer open shows its final state instead. A declined card
 * (Stripe) keeps the payer on the page, told why, with the payment still open, as Stripe Checkout does.
 */
export async function submitCheckout(
  sandbox: SandboxProvider,
  code: string,
  id: string,
  action: 'pay' | 'cancel' | 'decline',
  lang: Language,
  now = new Date(),
): Promise<CheckoutAnswer> {
  const profile = sandbox.profile(code);
  if (!profile) return { kind: 'page', status: 404, html: renderNotFoundPage(lang) };
  const outcome =
    action === 'pay'
      ? await sandbox.payerPays(code, id, now)
      : action === 'decline'
        ? await sandbox.payerDeclined(code, id, now)
        : await sandbox.payerCancels(code, id, now);
  if (outcome.ok && action === 'decline') {
    return {
      kind: 'page',
      status: 402,
      html: renderHostedPage({ lang, profile, payment: outcome.payment, merchantName: sandbox.merchantName, actionPath: pagePath(code, id), now, declined: true }),
    };
  }
  if (outcome.ok) return { kind: 'redirect', url: outcome.payment.returnUrl };
  if (!outcome.payment) return { kind: 'page', status: 404, html: renderNotFoundPage(lang) };
  return {
    kind: 'page',
    status: 409,
    html: renderHostedPage({ lang, profile, payment: outcome.payment, merchantName: sandbox.merchantName, actionPath: pagePath(code, id), now }),
  };
}
