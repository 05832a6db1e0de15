// Runs before the app's modules: a classic script from the app's own origin, which the Content-Security-Policy
// allows (script-src 'self'), unlike inline script. zod probes `new Function` when it builds its first object
// schema, to compile fast parsers; with no 'unsafe-eval' in the policy the browser refuses it and reports a
// violation, even though zod catches the error. Its documented switch, z.config({ jitless: true }), would come too
// late: the bundler evaluates the shared chunks holding the schemas before the entry's own code. zod reads its
// configuration from this global when it loads, so setting it here turns the probe off.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// Issue 14: for GET / the server may send the landing page prerendered in one language (docs/decisions/
// 0021-landing-prerender.md). A visitor with a stored session (who gets the logged-in app) or who chose another
// language must not see it while the app loads: marked here, before the body is parsed, and hidden by index.html's
// style; src/main.tsx then drops it and renders the app.
// The same for the shell of a logged-in page the server may send (apps/server/src/plugins/route-preload.ts): shown
// only to a visitor with a stored session, in the language the app will show; src/main.tsx renders the page over it.
try {
  var chosen = window.localStorage.getItem('portal.language');
  var token = window.localStorage.getItem('portal.token');
  var otherLanguage = chosen && chosen !== document.documentElement.lang;
  if (token || otherLanguage) document.documentElement.setAttribute('data-no-prerender', '');
  if (!token || otherLanguage) document.documentElement.setAttribute('data-no-skeleton', '');
} catch (e) {
  // no storage (private mode): nothing stored to honour, and no session for the shell
  document.documentElement.setAttribute('data-no-skeleton', '');
}

// Issue 14: a button of the prerendered landing page clicked before the app has taken the page over (its script still
// on the way) would do nothing: the click is kept and src/main.tsx clicks it again once the page is live.
window.__portalEarlyClicks = [];
document.addEventListener(
  'click',
  function (e) {
    var root = document.getElementById('root');
    // Only before the app's hydration starts (src/main.tsx marks it): React handles the clicks from then on.
    if (!root || !root.hasAttribute('data-prerendered') || root.hasAttribute('data-live') || root.hasAttribute('data-hydrating')) return;
    var button = e.target && e.target.closest ? e.target.closest('button') : null;
    if (button && root.contains(button)) window.__portalEarlyClicks.push(button);
  },
  true,
);

// Issue 14: the prerendered landing page names its scripts in <meta name="portal-boot"> (entry first, then its
// imports, and its style sheets, already inlined) instead of loading them beside the HTML: the page is painted from
// the HTML alone, then they load (apps/web/scripts/prerender.mjs). A logged-in page's shell names its entry there too
// (apps/server/src/plugins/route-preload.ts; the scripts are preloaded already, only the entry's run waits). When the page is hidden (a stored session, another
// language: above) they load at once; a page never painted (a background tab) starts them after a second.
document.addEventListener('DOMContentLoaded', function () {
  var boot = document.querySelector('meta[name="portal-boot"]');
  if (!boot) return;
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    boot.content.split(' ').forEach(function (src, i) {
      var el = document.createElement(i === 0 ? 'script' : 'link');
      if (i === 0) {
        el.type = 'module';
        el.src = src;
      } else if (/\.css$/.test(src)) {
        // Inlined already; linked for print only, so the page's chunk finds it and does not fetch it again.
        el.rel = 'stylesheet';
        el.media = 'print';
        el.href = src;
      } else {
        el.rel = 'modulepreload';
        el.href = src;
      }
      el.crossOrigin = '';
      document.head.appendChild(el);
    });
  };
  // Nothing to paint first: the prerendered landing page or the page's shell is hidden for this visitor.
  var root = document.getElementById('root');
  var html = document.documentElement;
  var hidden =
    !root ||
    (root.hasAttribute('data-prerendered') && html.hasAttribute('data-no-prerender')) ||
    (root.hasAttribute('data-skeleton') && html.hasAttribute('data-no-skeleton'));
  if (hidden || typeof PerformanceObserver === 'undefined') return start();
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    start();
  }
  setTimeout(start, 1000);
});
