/**
 * What the app needs to run under the server's Content-Security-Policy (apps/server/src/plugins/security-headers.ts:
 * scripts only from its own files, no eval, style sheets only with this page load's nonce). zod's eval probe is
 * switched off earlier, by public/csp-setup.js.
 */

/** Vite's placeholder, left as is when the page did not come through the server (the Vite dev server). */
const PLACEHOLDER = 'PORTAL_CSP_NONCE';

/**
 * The style nonce of this page load: the server writes a fresh one into Vite's `<meta property="csp-nonce">` and
 * into the page's Content-Security-Policy (apps/server/src/plugins/security-headers.ts). Undefined when the page
 * came without one (dev server, tests), where no policy asks for it.
 */
export function readCspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute from getAttribute once parsed; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

let installed = false;

/**
 * antd passes the nonce (ConfigProvider `csp`) to the styles it registers, but others create <style> elements
 * without one, which the policy would block: helpers of its rc-component dependencies (the scroll lock of Modal and
 * Drawer, the scrollbar measurement) and React rendering the <style> inside some icons' SVG (LoginOutlined) or
 * rc-progress's keyframes. Every style element script creates gets the nonce instead. Markup parsed from strings
 * (innerHTML) does not pass through these calls, so injected HTML still cannot add a style sheet.
 */
export function nonceScriptCreatedStyles(nonce: string): void {
  if (installed) return;
  installed = true;
  const give = <E extends Element>(element: E): E => {
    if (element.localName === 'style' && 'nonce' in element && !element.nonce) (element as unknown as HTMLOrSVGElement).nonce = nonce;
    return element;
  };
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    return give(create.call(this, tagName, options));
  } as typeof create;
  const createNS = Document.prototype.createElementNS;
  Document.prototype.createElementNS = function (this: Document, namespace: string | null, qualifiedName: string, options?: string | ElementCreationOptions) {
    return give(createNS.call(this, namespace, qualifiedName, options as ElementCreationOptions));
  } as typeof createNS;
}
