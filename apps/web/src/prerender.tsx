import { StrictMode } from 'react';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Alert, Button, Col, DatePicker, Flex, Form, Input, Layout as AntLayout, Popover, Row, Select, Space, Spin, Switch, Tag, Tooltip } from 'antd';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Language } from '@portal/contract/languages';
import { appRoutes } from './app/App';
import { AntdProviders } from './app/antd-providers';
import { createQueryClient, Providers } from './app/providers';
import i18n from './lib/i18n';

/**
 * Issue 14: the anonymous landing page as HTML, rendered at build time (apps/web/scripts/prerender.mjs) for each
 * language, so a visitor sees it from the HTML and its CSS alone; the client then hydrates it (main.tsx). The tree is
 * the client's (main.tsx: StrictMode, Providers, the app's routes at "/") as an anonymous first visit renders it: no
 * token, no cached site, the language's core texts; the server picks the language per request (apps/server, app.ts).
 */
export async function renderLanding(language: Language): Promise<string> {
  await i18n.changeLanguage(language);
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request('http://portal.invalid/'));
  if (context instanceof Response) throw new Error(`the landing page answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <StrictMode>
      <Providers client={createQueryClient()}>
        {/* No hydration data script: the page's policy allows no inline script, and "/" has no loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  // A first pass waits for the lazy parts (the page's chunk, the texts); the second renders them in place. A pass
  // that met them unloaded would stream them after a fallback with an inline script to swap them in.
  await prerender(tree);
  const html = renderToString(tree);
  if (/<script/i.test(html)) throw new Error('the prerendered landing page has a script in it');
  return html;
}

/**
 * Issue 14, the logged-in pages' first render: antd writes each component's style sheet at run time, the first time the
 * component renders (CSS-in-JS), which was about a quarter of the flight search page's main-thread work on a phone.
 * Here the components the full shell and the flight search page draw first are rendered once with the app's theme
 * and their styles collected into a style sheet (apps/web/scripts/prerender.mjs writes it into the build); antd,
 * finding a style's path in that sheet's map, uses it instead of writing the style again. A component not in it, or a
 * theme that differs, is styled at run time as before.
 */
export function renderAntdStyles(): string {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <AntdProviders>
        <AntLayout>
          <AntLayout.Header />
          <AntLayout.Content>
            <Flex gap={8}>
              <Button>x</Button>
              <Select options={[]} />
              <DatePicker />
              <Switch />
              <Space />
              <Tag>x</Tag>
              <Spin />
            </Flex>
            <Form layout="vertical">
              <Row>
                <Col span={12}>
                  <Form.Item label="x" help="x">
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
              <Input.TextArea />
            </Form>
            <Tooltip title="x" open>
              <span>x</span>
            </Tooltip>
            <Popover content="x" open>
              <span>x</span>
            </Popover>
            <Alert title="x" />
          </AntLayout.Content>
        </AntLayout>
      </AntdProviders>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: ['style'] });
}
