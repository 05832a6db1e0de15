// The zh-CN texts the public landing page and the app shell need first (lib/i18n.ts loads this chunk on start).
const files = import.meta.glob<Record<string, unknown>>(['../zh-CN/common.json', '../zh-CN/layout.json', '../zh-CN/landing.json', '../zh-CN/auth.json'], { eager: true, import: 'default' });
export default Object.values(files);
