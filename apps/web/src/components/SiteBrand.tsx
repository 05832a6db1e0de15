import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isChinese } from '../lib/i18n';
import { siteName, useSiteConfig } from '../lib/site';

/**
 * Logo and short name of the site; the visible name is the link's accessible name (the full name is its title). Until
 * the site's settings arrive (the prerendered landing page, a first visit) there is no name to show, so the link is
 * named "Home page" meanwhile: a link without a name is one a screen reader cannot announce.
 */
export function SiteBrand({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  const { data: site } = useSiteConfig();
  const name = siteName(site, isChinese());
  const shown = siteName(site, isChinese(), true) || name;
  const logo = inverted ? site?.whiteLogo ?? site?.logo : site?.logo;
  return (
    <Link
      to="/"
      title={name || undefined}
      aria-label={shown ? undefined : t('layout.brandHome')}
      className={`portal-brand${inverted ? ' portal-brand--inverted' : ''}`}
    >
      {logo && <img src={logo} alt="" height={32} />}
      <span className="portal-brand-name">{shown}</span>
    </Link>
  );
}
