import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME } from './antd-providers';

// The page title's font is named in shell.css (the page's shell the server sends is drawn before antd's styles): it
// must be the theme's, or the title the app draws over it comes out another size (a later largest paint).
describe('shell.css', () => {
  it("names the theme's font for the page title", () => {
    const css = readFileSync(path.resolve(__dirname, 'shell.css'), 'utf8');
    const rule = /\.portal-page-title\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(/font-family:\s*([^;]+);/.exec(rule)?.[1]).toBe(THEME.token?.fontFamily);
  });

  it("and index.html names it for the page's shell the server sends (the site's name in its header)", () => {
    const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
    expect(/\.portal-skeleton\s*\{\s*font-family:\s*([^;]+);/.exec(html)?.[1]).toBe(THEME.token?.fontFamily);
  });
});
