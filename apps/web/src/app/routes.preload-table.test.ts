import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteTable } from '../../vite-route-preloads';
import { routes } from './routes';

// The build reads the route table from routes.tsx's syntax to tell the server which scripts each page needs
// (vite-route-preloads.ts); read here beside the table itself, so a route the reading misses or misreads fails.
describe('the route table as the build reads it', () => {
  const read = readRouteTable(path.resolve(__dirname, 'routes.tsx'));

  it('has every route, in order, with its path and whether it is public', () => {
    expect(read.map((r) => [r.path, r.public])).toEqual(routes.map((r) => [r.path, r.access.public === true]));
  });

  it("names each route's page module and the texts page() loads with it", () => {
    const booking = read.find((r) => r.path === '/flight/booking');
    expect(booking).toMatchObject({ module: '../features/flight-search/pages/FlightBookingPage', texts: ['flight'] });
    expect(read.find((r) => r.path === '/')).toMatchObject({ module: '../features/landing/pages/LandingPage', texts: null });
    expect(read.every((r) => r.module.startsWith('../features/') || r.module.startsWith('./'))).toBe(true);
  });
});
