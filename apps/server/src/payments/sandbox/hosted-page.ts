import { minorDigits, type Currency } from '@portal/contract/currency';
import type { Language } from '@portal/contract/languages';
import { translate, type MessageKey } from '@portal/contract/messages';
import type { SandboxProfile } from './profiles.ts';
import type { SandboxPaymentRow } from './sandbox.repository.ts';

/**
 * The channel's hosted payment page: one self-contained HTML document (inline style and script, no external assets),
 * in the payer's language. While the payment is open it offers Pay and Cancel as plain POST forms and counts down to
 * the expiry, reloading when the time is up so the channel can show it expired.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const HTML_LANG: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant' };

export const channelName = (code: string, lang: Language) => translate(`payments.channel.name.${code}` as MessageKey, lang);

function formatAmount(minor: number, currency: Currency): string {
  const digits = minorDigits(currency);
  const n = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
  return `${currency} ${n}`;
}

function shell(lang: Language, title: string, accent: string, body: string): string {
  return `<!doctype html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; background: #f3f4f6; color: #1f2937; }
  header { background: ${accent}; color: #fff; padding: 16px 24px; font-size: 18px; font-weight: 600; }
  main { max-width: 440px; margin: 32px auto; background: #fff; border-radius: 10px; box-shadow: 0 2px 10px rgba(0,0,0,.08); padding: 24px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 20px; }
  dt { color: #6b7280; }
  dd { margin: 0; word-break: break-all; }
  .amount { font-size: 28px; font-weight: 700; margin: 4px 0 16px; }
  .status { padding: 12px; border-radius: 6px; background: #f9fafb; margin-bottom: 16px; }
  .actions { display: flex; gap: 12px; }
  .actions form { flex: 1; margin: 0; }
  button, a.button { display: block; width: 100%; box-sizing: border-box; padding: 10px; border-radius: 6px; font-size: 16px; cursor: pointer; text-align: center; text-decoration: none; }
  .pay { background: ${accent}; color: #fff; border: 0; }
  .cancel { background: #fff; color: #374151; border: 1px solid #d1d5db; }
  .notice { text-align: center; color: #9ca3af; font-size: 12px; margin-top: 16px; }
</style>
</head>
<body>
<header>${escapeHtml(title)}</header>
<main>
${body}
</main>
</body>
</html>`;
}

export function renderHostedPage(o: {
  lang: Language;
  profile: SandboxProfile;
  payment: SandboxPaymentRow;
  merchantName: string;
  /** Where the Pay and Cancel forms post (this page's own path). */
  actionPath: string;
  now: Date;
  /** The payer's card was just declined (Stripe): the page says so and offers the payment again. */
  declined?: boolean;
}): string {
  const { lang, payment: p } = o;
  const t = (key: MessageKey, params?: Record<string, string | number>) => escapeHtml(translate(key, lang, params));
  const title = translate('sandbox.page.title', lang, { channel: channelName(o.profile.code, lang) });
  const details = `<div class="amount">${escapeHtml(formatAmount(p.amount, p.currency as Currency))}</div>
<dl>
  <dt>${t('sandbox.page.merchant')}</dt><dd>${escapeHtml(o.merchantName)}</dd>
  <dt>${t('sandbox.page.subject')}</dt><dd>${escapeHtml(p.subject)}</dd>
  <dt>${t('sandbox.page.reference')}</dt><dd>${escapeHtml(p.id)}</dd>`;
  const back = `<a class="button cancel" href="${escapeHtml(p.returnUrl)}">${t('sandbox.page.back')}</a>`;
  const notice = `<p class="notice">${t('sandbox.page.notice')}</p>`;

  if (p.status !== 'created') {
    const key: MessageKey =
      p.status === 'paid'
        ? 'sandbox.page.paid'
        : p.status === 'approved'
          ? 'sandbox.page.approved'
          : p.status === 'canceled'
            ? 'sandbox.page.canceled'
            : 'sandbox.page.expired';
    return shell(lang, title, o.profile.accent, `${details}\n</dl>\n<div class="status" data-status="${p.status}">${t(key)}</div>\n${back}\n${notice}`);
  }

  const seconds = Math.max(0, Math.floor((p.expiresAt.getTime() - o.now.getTime()) / 1000));
  const clock = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  const form = (action: 'pay' | 'cancel' | 'decline', label: string) =>
    `<form method="post" action="${escapeHtml(o.actionPath)}"><input type="hidden" name="action" value="${action}"><input type="hidden" name="lang" value="${lang}"><button type="submit" class="${action}">${label}</button></form>`;
  const script = `<script>
(function () {
  var el = document.getElementById('time-left');
  var left = ${seconds};
  var timer = setInterval(function () {
    left -= 1;
    if (left <= 0) { clearInterval(timer); location.reload(); return; }
    el.textContent = String(Math.floor(left / 60)).padStart(2, '0') + ':' + String(left % 60).padStart(2, '0');
  }, 1000);
})();
</script>`;
  const body = `${details}
  <dt>${t('sandbox.page.timeLeft')}</dt><dd id="time-left" data-expires-at="${p.expiresAt.toISOString()}">${clock}</dd>
</dl>
${o.declined ? `<div class="status" role="alert" data-status="declined">${t('sandbox.page.declined')}</div>\n` : ''}<div class="actions" data-status="created">
${form('pay', t('sandbox.page.pay'))}
${form('cancel', t('sandbox.page.cancel'))}
</div>
${o.profile.declinesTestCard ? `<div class="actions">${form('decline', t('sandbox.page.declineCard'))}</div>\n` : ''}
${notice}
${script}`;
  return shell(lang, title, o.profile.accent, body);
}

export function renderNotFoundPage(lang: Language): string {
  const text = translate('sandbox.page.notFound', lang);
  return shell(lang, text, '#6b7280', `<div class="status">${escapeHtml(text)}</div>`);
}
