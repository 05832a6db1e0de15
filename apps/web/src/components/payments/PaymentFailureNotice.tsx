import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentFailureKey, type PaymentFailure } from '@portal/contract/api/payment-failure';
import { useChannelPaymentState } from './channel-payment-state';

/**
 * Why the channel declined the payer's last attempt (a card Stripe declined), in the reader's language: the text is
 * chosen by the provider's code, never the provider's own English message. Nothing when no attempt failed.
 */
export function PaymentFailureNotice({ failure }: { failure: PaymentFailure | null | undefined }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return <Alert type="warning" showIcon role="status" title={t(paymentFailureKey(failure))} data-testid="payment-failure" />;
}

/**
 * The same, for a page that knows only the payment's id (?payment= on the flight and group order pages the channel
 * sends the payer back to): the payment's recorded state is asked for while it is pending.
 */
export function ChannelPaymentFailure({ paymentId }: { paymentId: string | null }) {
  const state = useChannelPaymentState(paymentId);
  return <PaymentFailureNotice failure={state.data?.failure} />;
}
