/**
 * A website typed into the public partnership form, as a link that is safe to open: only http(s) addresses, a
 * missing scheme read as https ("example.com" is what people type). Anything else (javascript:, data:, garbage)
 * gives null and is shown as plain text.
 */
export function externalHref(input: string | null | undefined): string | null {
  const text = input?.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}
