import type { CabinClass } from '@portal/contract/api/shopping';
import type { FareTier } from './ladder.ts';

/** NDC branded fares: each brand is a family of booking classes with its own bags and rules. */
export interface Brand {
  name: 'Light' | 'Classic' | 'Flex';
  code: string;
  rbds: ReadonlySet<string>;
  tier: FareTier;
  checkedPieces: number;
}

const B = (name: Brand['name'], rbds: string, tier: FareTier, checkedPieces: number): Brand => ({
  name,
  code: name === 'Light' ? 'LT' : name === 'Classic' ? 'CL' : 'FX',
  rbds: new Set(rbds.split('')),
  tier,
  checkedPieces,
});

export const BRANDS: Record<CabinClass, Brand[]> = {
  economy: [B('Light', 'VTQL', 'saver', 0), B('Classic', 'KHM', 'standard', 1), B('Flex', 'BY', 'flex', 2)],
  premium_economy: [B('Classic', 'EN', 'standard', 2), B('Flex', 'W', 'flex', 2)],
  business: [B('Classic', 'ZID', 'standard', 2), B('Flex', 'CJ', 'flex', 2)],
  premium_business: [B('Classic', 'R', 'standard', 2), B('Flex', 'U', 'flex', 2)],
  first: [B('Classic', 'A', 'standard', 3), B('Flex', 'F', 'flex', 3)],
  premium_first: [B('Classic', 'O', 'standard', 3), B('Flex', 'P', 'flex', 3)],
};

export function brandByName(cabin: CabinClass, name: string | null): Brand | undefined {
  return BRANDS[cabin].find((b) => b.name === name);
}
