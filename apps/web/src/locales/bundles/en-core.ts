// The en texts the public landing page and the app shell need first (lib/i18n.ts loads this chunk on start).
const files = import.meta.glob<Record<string, unknown>>(['../en/common.json', '../en/layout.json', '../en/landing.json', '../en/auth.json'], { eager: true, import: 'default' });
export default Object.values(files);
