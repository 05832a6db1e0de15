import type { SolutionFilters, SortKey } from '@portal/contract/api/shopping';

/** One key root: a settlement currency change drops every cached flight answer at once (spec point 4). */
export const flightKeys = {
  all: ['flight'] as const,
  solutionsOf: (searchId: string) => ['flight', 'solutions', searchId] as const,
  solutions: (searchId: string, sort: SortKey, order: 'asc' | 'desc', filters: SolutionFilters) =>
    ['flight', 'solutions', searchId, sort, order, filters] as const,
};
