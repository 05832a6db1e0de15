// Every other en namespace, loaded once the full app (or a landing page island) is shown (lib/i18n.ts).
const files = import.meta.glob<Record<string, unknown>>(['../en/*.json', '!../en/{common,layout,landing,auth}.json'], { eager: true, import: 'default' });
export default Object.values(files);
// The contract's messages in en (apps/web/vite.config.ts computes them at build time).
export { default as messages } from 'virtual:portal-messages/en';
