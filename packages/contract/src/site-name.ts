/** The parts of the site's settings that name it (api/site.ts SiteInfo). */
export interface SiteNames {
  name: string;
  shortName: string;
  chineseName: string;
  chineseShortName: string;
}

/**
 * The site's name in a language: its Chinese names for both Chinese variants when it has them. The web app's header
 * and the document the server sends before the app runs (the logged-in page's shell) name it alike.
 */
export function siteName(site: SiteNames | undefined, chinese: boolean, short = false): string {
  if (!site) return '';
  if (short) return (chinese && site.chineseShortName) || site.shortName || site.name;
  return (chinese && site.chineseName) || site.name;
}
