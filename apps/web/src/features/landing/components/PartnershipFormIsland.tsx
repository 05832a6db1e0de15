import { AntdProviders } from '../../../app/antd-providers';
import { PartnershipForm } from './PartnershipForm';

/** The partnership form with antd's theme and locale, as the landing page's island (PartnershipSection). */
export default function PartnershipFormIsland() {
  return (
    <AntdProviders>
      <PartnershipForm />
    </AntdProviders>
  );
}
