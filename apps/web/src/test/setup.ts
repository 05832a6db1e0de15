import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
// The same entry lib/notify imports, so these are the very instances its fallback toasts live in.
import { message, notification } from 'antd';
// lib/notify loads this on the first toast; it sets antd's holderRender. Loaded here, before any test's afterEach
// calls message.destroy(): a holder created before holderRender is set never shows the later toasts.
import '../lib/static-message';
import { loadEveryLanguage } from '../lib/i18n';
import { searchWidgets, selectWidget } from '../components/light/widgets';

// The app loads its texts per language, on demand (lib/i18n.ts); tests switch languages synchronously: all of them first.
await loadEveryLanguage();
// The search forms draw light fields until their widgets arrive (lib/deferred.ts); the tests of those forms drive the
// widgets themselves, as a user meets them a moment after the page is drawn. The light fields have their own tests.
await Promise.all([searchWidgets.load(), selectWidget.load()]);

// findBy*/waitFor give up after 1 s by default; two test workers on a 2-core CI machine render an antd page slower
// than that now and then. Waiting longer costs nothing when the page is quick and keeps a slow one from failing.
configure({ asyncUtilTimeout: 5_000 });

// antd reads window.matchMedia for responsive grids; happy-dom lacks a working one.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Unmount after every test, then let React's scheduler (it runs queued work on setImmediate) drain while the DOM
// still exists: work left queued past the environment's teardown throws "window is not defined" in CI.

// Toasts shown without an <App> (lib/notify's fallback) live in antd's own React root, outside cleanup(); their
// 3-second close timers would fire after the environment is gone. Closing them here leaves no timer behind.
afterEach(() => {
  cleanup();
  message.destroy();
  notification.destroy();
});
// On a busy machine (CI running beside other work) 20 ms was seen to be too short: drain twice, with a longer pause
// between, so timers that schedule more React work (antd motion, TanStack Query's gc) have run before teardown.
afterAll(async () => {
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
