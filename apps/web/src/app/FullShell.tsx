import { AntdProviders } from './antd-providers';
import { Layout } from './Layout';

/** The app shell with antd (menus, drawer, login dialog), loaded for every page but the anonymous landing page. */
export default function FullShell() {
  return (
    <AntdProviders messages>
      <Layout />
    </AntdProviders>
  );
}
