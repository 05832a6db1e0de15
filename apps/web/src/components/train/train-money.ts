import { formatAmount } from '../../lib/format';

/** Train fares are CNY in fen: "CNY 1,234.50" (spec point 9: thousands separators, 2 decimals). */
export const formatTrainPrice = (fen: number): string => formatAmount(fen, 'CNY');
