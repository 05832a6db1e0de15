import { useEffect } from 'react';
import { keepScrollRegionsFocusable } from '../lib/focusable-scroll-regions';
import { AntdProviders } from './antd-providers';
import { Layout } from './Layout';

/** The app shell with antd (menus, drawer, login dialog), loaded for every page but the anonymous landing page. */
export default function FullShell() {
  useEffect(() => keepScrollRegionsFocusable(), []);
  return (
    <AntdProviders messages>
      <Layout />
    </AntdProviders>
  );
}
