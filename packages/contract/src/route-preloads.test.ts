import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-preloads.ts';

const routes = [
  { path: '/flight/orders' },
  { path: '/flight/orders/voyage' },
  { path: '/flight/orders/:id' },
  { path: '/agency-manager/bills/:id' },
  { path: '/terms' },
];

describe('matchRoute', () => {
  it('prefers an exact path over a pattern that also matches', () => {
    expect(matchRoute(routes, '/flight/orders/voyage')?.path).toBe('/flight/orders/voyage');
    expect(matchRoute(routes, '/flight/orders')?.path).toBe('/flight/orders');
  });

  it('fills a ":name" segment with any non-empty segment', () => {
    expect(matchRoute(routes, '/flight/orders/FO-2026-0001')?.path).toBe('/flight/orders/:id');
    expect(matchRoute(routes, '/agency-manager/bills/42')?.path).toBe('/agency-manager/bills/:id');
  });

  it('matches nothing for an empty parameter, another depth or an unknown path', () => {
    expect(matchRoute(routes, '/flight/orders/')).toBeUndefined();
    expect(matchRoute(routes, '/flight/orders/1/2')).toBeUndefined();
    expect(matchRoute(routes, '/nowhere')).toBeUndefined();
    expect(matchRoute(routes, '/terms/x')).toBeUndefined();
  });
});
