// Issue 14: after the client build (`vite build`), the anonymous landing page's HTML for each language, from an SSR
// build of src/prerender.tsx, written as complete documents to dist/.prerender/landing-<language>.html. The server
// sends one of them for GET / (apps/server/src/app.ts), the client hydrates it (src/main.tsx). Decision record:
// docs/decisions/0021-landing-prerender.md.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
// Inside the package, so the SSR bundle's bare imports (react, react-router...) resolve from node_modules.
const ssrOut = path.join(web, '.prerender-build');
const LANGUAGES = ['en', 'zh-CN', 'zh-TW'];
const LANDING = 'src/features/landing/pages/LandingPage.tsx';
const core = (language) => `src/locales/bundles/${language}-core.ts`;

rmSync(ssrOut, { recursive: true, force: true });
try {
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, copyPublicDir: false },
    // Bundled, not imported from node_modules at run time: antd's ES build is not valid Node ESM (extensionless imports).
    ssr: { noExternal: [/^antd/, /^@ant-design\//, /^@rc-component\//, /^@emotion\//] },
  });
  const { renderLanding, renderAntdStyles } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(index)?.[1] ?? 'PORTAL_CSP_NONCE';
  const landing = manifest[LANDING];
  if (!landing) throw new Error(`not in the build's manifest: ${LANDING}`);
  // The style sheets are inlined (with the page's nonce): the first paint waits for the HTML alone, not for more
  // requests. The landing chunk's own sheets are also linked for print only, after the first paint (portal-boot
  // below): the chunk's loader, finding them by href, does not fetch and add them again.
  const inline = (files) => `<style nonce="${nonce}">${files.map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n')}</style>`;
  const landingCss = landing.css ?? [];
  const styles = inline(landingCss);
  mkdirSync(path.join(dist, '.prerender'), { recursive: true });
  for (const language of LANGUAGES) {
    // Some icons draw an (empty) <style> in their SVG: with the page's nonce the policy lets it be.
    const body = (await renderLanding(language)).replaceAll('<style>', `<style nonce="${nonce}">`);
    if (!body.includes('lp-hero-title')) throw new Error(`the prerendered landing page (${language}) has no hero`);
    let html = index
      // The entry's own style sheet inlined too.
      .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)"[^>]*>/g, (_, f) => inline([f]))
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="landing" data-lang="${language}">${body}</div>`)
      .replace('</head>', `  ${styles}\n  </head>`);
    // index.html preloads the default language's core texts; this page wants its own language's.
    for (const other of LANGUAGES) {
      const file = manifest[core(other)]?.file;
      if (other !== language && file) html = html.replace(`href="/${file}"`, `href="/${manifest[core(language)].file}"`);
    }
    // The page shows without any script, so its scripts are not fetched beside it: public/csp-setup.js adds them
    // once the page has been painted, from this list (the entry first, then what it imports).
    const scripts = [];
    html = html.replace(/\s*<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>/g, (_, src) => (scripts.unshift(src), ''));
    html = html.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g, (_, href) => (scripts.push(href), ''));
    scripts.push(...landingCss.map((f) => `/${f}`));
    if (!scripts.length || /type="module"|modulepreload/.test(html)) throw new Error('index.html: the entry script and preloads were not found');
    html = html.replace('</head>', `  <meta name="portal-boot" content="${scripts.join(' ')}">\n  </head>`);
    if (!html.includes('data-prerendered="landing"')) throw new Error('index.html has no empty <div id="root"></div>');
    writeFileSync(path.join(dist, '.prerender', `landing-${language}.html`), html);
  }
  console.log(`prerendered the landing page in ${LANGUAGES.join(', ')} (dist/.prerender)`);

  // antd's styles of the logged-in shell's and the flight search page's first render (src/prerender.tsx), as a style
  // sheet the server links with the shell's scripts (the build's route-preloads.json; apps/server plugins/route-preload).
  const css = renderAntdStyles();
  if (!css.includes('data-ant-cssinjs-cache-path')) throw new Error("antd's styles came without their path map");
  const cssFile = `assets/antd-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
  writeFileSync(path.join(dist, cssFile), css);
  writeFileSync(path.join(dist, `${cssFile}.br`), brotliCompressSync(css, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(path.join(dist, `${cssFile}.gz`), gzipSync(css, { level: 9 }));
  const mapFile = path.join(dist, '.vite/route-preloads.json');
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  map.shell.files = [cssFile, ...map.shell.files];
  writeFileSync(mapFile, JSON.stringify(map));
  console.log(`antd's first styles: ${cssFile}, ${(gzipSync(css).length / 1000).toFixed(1)} kB gzipped`);
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
}
