/** Anchors of the landing sections, shared by the sections and the buttons that scroll to them. */
export const SECTION_IDS = {
  products: 'products',
  platform: 'flight-platform',
  solutions: 'solutions',
  about: 'about',
  partnership: 'partnership',
} as const;

/**
 * Scrolls instead of changing the URL hash: a hash would become a router navigation and a history entry for what is
 * only a jump within the page.
 */
export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
