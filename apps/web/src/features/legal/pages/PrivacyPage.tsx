import { LegalDocument } from '../components/LegalDocument';

/** Section order of the policy; the texts are in locales/<lang>/legal.json under legal.privacy.sections. */
const SECTIONS = [
  'who',
  'collect',
  'use',
  'share',
  'transfers',
  'retention',
  'security',
  'agency',
  'rights',
  'storage',
  'changes',
  'contact',
] as const;

export default function PrivacyPage() {
  return <LegalDocument doc="privacy" sections={SECTIONS} />;
}
