import { LegalDocument } from '../components/LegalDocument';

/** Clause order of the terms; the texts are in locales/<lang>/legal.json under legal.terms.sections. */
const SECTIONS = [
  'scope',
  'accounts',
  'bookings',
  'prices',
  'payment',
  'changes',
  'travel',
  'api',
  'use',
  'ip',
  'liability',
  'termination',
  'law',
  'amendments',
  'contact',
] as const;

export default function TermsPage() {
  return <LegalDocument doc="terms" sections={SECTIONS} />;
}
