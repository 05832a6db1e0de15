/**
 * Upper-cases the English letters only: "ß" must stay "ß" so the shared name rules refuse it (upper-cased it would be
 * "SS" and pass). Names and document numbers on tickets and DOCS are A-Z; every passenger form normalizes with this.
 */
export const upperLatin = (v: string | undefined) => (v ?? '').replace(/[a-z]+/g, (s) => s.toUpperCase());
