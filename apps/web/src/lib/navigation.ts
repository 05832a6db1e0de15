/**
 * Lets non-React code (the API client) navigate through the router once the app has mounted;
 * before that, or in tests, it falls back to a full page change.
 */
type Navigate = (path: string) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(path: string): void {
  if (navigator) navigator(path);
  else if (window.location.pathname !== path) window.location.assign(path);
}
