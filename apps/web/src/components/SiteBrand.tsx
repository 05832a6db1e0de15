import { Link } from 'react-router';
import { isChinese } from '../lib/i18n';
import { siteName, useSiteConfig } from '../lib/site';

/** Logo and short name of the site; the visible name is the link's accessible name (the full name is its title). */
export function SiteBrand({ inverted = false }: { inverted?: boolean }) {
  const { data: site } = useSiteConfig();
  const name = siteName(site, isChinese());
  const logo = inverted ? site?.whiteLogo ?? site?.logo : site?.logo;
  return (
    <Link to="/" title={name} className={`portal-brand${inverted ? ' portal-brand--inverted' : ''}`}>
      {logo && <img src={logo} alt="" height={32} />}
      <span className="portal-brand-name">{siteName(site, isChinese(), true) || name}</span>
    </Link>
  );
}
