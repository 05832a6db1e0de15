import { useState } from 'react';
import { Alert, Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { ChannelPaymentFailure } from '../../../components/payments/PaymentFailureNotice';
import { awaitsChannel, type PaymentReturn } from '../api/group-order';

/**
 * The page opened back from a channel's hosted page (?payment=&instalment=, the return URL the server gave the
 * channel): which instalment, since the page opened. Null on an ordinary visit.
 */
export function usePaymentReturn(): PaymentReturn | null {
  const [params] = useSearchParams();
  const [since] = useState(() => Date.now());
  const instalment = params.has('payment') ? params.get('instalment') : null;
  return instalment ? { instalment, since } : null;
}

/**
 * Back from a channel's page while the instalment is still the one due: says the payment shows once the channel
 * confirms it. The group's own query asks again meanwhile (useGroupOrder's polling), under the same rule, so once the
 * instalment is paid, or the page stops waiting, this disappears with the polling.
 */
export function GroupPaymentReturn({ group, returned, checkedAt }: { group: GroupOrder; returned: PaymentReturn | null; checkedAt: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (!returned || !awaitsChannel(group, returned, checkedAt)) return null;
  return (
    <Flex vertical gap={8}>
      <Alert type="info" showIcon title={t('groups.pay.returned', { instalment: t(`groups.pay.kind.${returned.instalment}`) })} data-testid="group-payment-return" />
      {/* A declined card leaves the payment open for another card: say why while the instalment waits. */}
      <ChannelPaymentFailure paymentId={params.get('payment')} />
    </Flex>
  );
}
