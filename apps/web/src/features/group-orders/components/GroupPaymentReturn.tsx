import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupOrder } from '@portal/contract/api/group-orders';
import { groupKeys } from '../api/group-keys';

/** How often, and how many times, the group is asked again while a channel's confirmation is awaited. */
export const PAYMENT_RETURN_POLL_MS = 3000;
export const PAYMENT_RETURN_POLLS = 40;

/**
 * Back on the group from a channel's hosted page (?payment=&instalment=, the return URL the server gave the channel):
 * the channel confirms by a callback that may come a moment after the payer. While the instalment is still the one
 * due, say so and ask for the group again every few seconds, for a while; once paid, the plan shows it and this
 * disappears.
 */
export function GroupPaymentReturn({ group }: { group: GroupOrder }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const [polls, setPolls] = useState(0);
  const instalment = params.has('payment') ? params.get('instalment') : null;
  const awaiting = instalment !== null && group.nextInstalment?.kind === instalment && !group.payments.some((p) => p.kind === instalment);

  useEffect(() => {
    if (!awaiting || polls >= PAYMENT_RETURN_POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void client.invalidateQueries({ queryKey: groupKeys.detail(group.id) });
    }, PAYMENT_RETURN_POLL_MS);
    return () => clearTimeout(timer);
  }, [awaiting, polls, client, group.id]);

  // After a while the page stops asking, and stops saying it does (the payer may have left the channel's page unpaid).
  if (!awaiting || polls >= PAYMENT_RETURN_POLLS) return null;
  return <Alert type="info" showIcon title={t('groups.pay.returned', { instalment: t(`groups.pay.kind.${instalment}`) })} data-testid="group-payment-return" />;
}
