// The one place drizzle-kit and the db client read the whole schema from.
export * from './companies.ts';
export * from './users.ts';
export * from './misc.ts';
export * from './shopping.ts';
export * from './ledger.ts';
export * from './money.ts';
export * from './orders.ts';
export * from './after-sales.ts';
export * from './travellers.ts';
export * from './groups.ts';
export * from './rail.ts';
export * from './train-orders.ts';
