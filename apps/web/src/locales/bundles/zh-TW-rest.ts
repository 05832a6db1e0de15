// Every other zh-TW namespace, loaded once the full app (or a landing page island) is shown (lib/i18n.ts).
const files = import.meta.glob<Record<string, unknown>>(['../zh-TW/*.json', '!../zh-TW/{common,layout,landing,auth}.json'], { eager: true, import: 'default' });
export default Object.values(files);
// The contract's messages in zh-TW (apps/web/vite.config.ts computes them at build time).
export { default as messages } from 'virtual:portal-messages/zh-TW';
