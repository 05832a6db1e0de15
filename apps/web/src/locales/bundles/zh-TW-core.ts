// The zh-TW texts the public landing page and the app shell need first (lib/i18n.ts loads this chunk on start).
const files = import.meta.glob<Record<string, unknown>>(['../zh-TW/common.json', '../zh-TW/layout.json', '../zh-TW/landing.json', '../zh-TW/auth.json'], { eager: true, import: 'default' });
export default Object.values(files);
