export const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/**
 * Maps anything a browser or the spec may send (zh-cn, zh_TW, zh-Hant-HK, en-GB, an Accept-Language list)
 * onto one of the three languages; unknown input gives the fallback.
 */
export function normalizeLanguage(input: string | undefined | null, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (!input) return fallback;
  const candidates = input
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().replace('_', '-'), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((c) => c.tag && !Number.isNaN(c.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of candidates) {
    if (tag.startsWith('en')) return 'en';
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return fallback;
}
