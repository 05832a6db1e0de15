import i18n from './i18n';
import { storage, STORAGE_KEYS } from './storage';

/**
 * The user's language choice (localStorage `portal.language`, lib/i18n.ts) as a cookie too, so the server sends the
 * prerendered landing page in that language (apps/server/src/app.ts, docs/decisions/0021-landing-prerender.md). Only a
 * choice is mirrored: without one the server uses the site's default language, as the app does.
 */
export const LANGUAGE_COOKIE = 'portal.language';

function mirror(): void {
  const chosen = storage.get(STORAGE_KEYS.language);
  if (!chosen || typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(chosen)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** Mirrors the stored choice now (it may predate the cookie) and after every language switch. */
export function keepLanguageCookie(): void {
  mirror();
  i18n.on('languageChanged', mirror);
}
