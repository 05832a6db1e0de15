import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { isChinese } from '../lib/i18n';
import { siteName, useSiteConfig } from '../lib/site';

/** Logo and name of the site; the logo alone when it exists, the name as its text alternative. */
export function SiteBrand({ inverted = false }: { inverted?: boolean }) {
  const { data: site } = useSiteConfig();
  const name = siteName(site, isChinese());
  const logo = inverted ? site?.whiteLogo ?? site?.logo : site?.logo;
  return (
    <Link to="/" aria-label={name} style={{ display: 'inline-flex', alignItems: 'center', minWidth: 0 }}>
      <Flex align="center" gap={10}>
        {logo && <img src={logo} alt="" height={32} style={{ display: 'block', maxWidth: 160, objectFit: 'contain' }} />}
        <Typography.Text strong ellipsis style={{ fontSize: 17, color: inverted ? '#fff' : undefined, maxWidth: 260 }}>
          {siteName(site, isChinese(), true) || name}
        </Typography.Text>
      </Flex>
    </Link>
  );
}
