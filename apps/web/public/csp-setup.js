// Runs before the app's modules: a classic script from the app's own origin, which the Content-Security-Policy
// allows (script-src 'self'), unlike inline script. zod probes `new Function` when it builds its first object
// schema, to compile fast parsers; with no 'unsafe-eval' in the policy the browser refuses it and reports a
// violation, even though zod catches the error. Its documented switch, z.config({ jitless: true }), would come too
// late: the bundler evaluates the shared chunks holding the schemas before the entry's own code. zod reads its
// configuration from this global when it loads, so setting it here turns the probe off.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
