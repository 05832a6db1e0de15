/** The contract's message catalogue of one language, flat keys (apps/web/vite.config.ts, messagesPerLanguage). */
declare module 'virtual:portal-messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
