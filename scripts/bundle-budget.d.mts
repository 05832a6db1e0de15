export declare const WEB_DIST: string;
export declare const BUDGETS: { landing: number; flightBooking: number };
export declare const CEILINGS: { landing: number; flightBooking: number };
export type BudgetPage = 'landing' | 'landingPage' | 'flightBooking';
export declare const PAGES: Record<BudgetPage, string[]>;
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export declare function readManifest(dist?: string): Record<string, ManifestChunk>;
export declare function closure(manifest: Record<string, ManifestChunk>, keys: string[]): string[];
export declare function pageWeight(page: BudgetPage, dist?: string): { files: string[]; gzipped: number; budget: number };
