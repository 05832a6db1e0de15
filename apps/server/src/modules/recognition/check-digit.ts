/** ICAO 9303 part 3 check digit: digits as themselves, A-Z as 10-35, '<' as 0, weights 7, 3, 1 repeating, mod 10. */
export function icaoCheckDigit(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const v = c === '<' ? 0 : c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c >= 'A' && c <= 'Z' ? c.charCodeAt(0) - 55 : NaN;
    sum += v * [7, 3, 1][i % 3];
  }
  return Number.isNaN(sum) ? '' : String(sum % 10);
}
