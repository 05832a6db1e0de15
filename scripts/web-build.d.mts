export function webBuildIsStale(): boolean;
export function buildWebIfNeeded(log?: (message: string) => void): boolean;
