// Issue 14: after the client build (`vite build`), the anonymous landing page's HTML for each language, from an SSR
// build of src/prerender.tsx, written as complete documents to dist/.prerender/landing-<language>.html. The server
// sends one of them for GET / (apps/server/src/app.ts), the client hydrates it (src/main.tsx). Decision record:
// docs/decisions/0021-landing-prerender.md.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
  });
  const { renderLanding } = await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href);
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
} finally {
  rmSync(ssrOut, { recursive: true, force: true });
}
