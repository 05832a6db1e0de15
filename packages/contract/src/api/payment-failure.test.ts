import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.ts';
import { isMessageKey, translate } from '../messages.ts';
import { PAYMENT_FAILURE_REASONS, paymentFailureKey, paymentFailureReason } from './payment-failure.ts';

describe('payment failure reasons', () => {
  it('reads the decline code before the error code', () => {
    expect(paymentFailureReason({ code: 'card_declined', declineCode: 'insufficient_funds' })).toBe('insufficient_funds');
    expect(paymentFailureReason({ code: 'card_declined', declineCode: 'generic_decline' })).toBe('generic_decline');
    // Stripe sends these as the error code itself, with no decline code.
    expect(paymentFailureReason({ code: 'expired_card', declineCode: null })).toBe('expired_card');
    expect(paymentFailureReason({ code: 'incorrect_cvc', declineCode: null })).toBe('incorrect_cvc');
    expect(paymentFailureReason({ code: 'processing_error', declineCode: null })).toBe('processing_error');
    expect(paymentFailureReason({ code: 'card_declined', declineCode: 'authentication_required' })).toBe('authentication_required');
  });

  it('shows lost and stolen cards as a generic decline, as Stripe advises', () => {
    expect(paymentFailureReason({ code: 'card_declined', declineCode: 'lost_card' })).toBe('generic_decline');
    expect(paymentFailureReason({ code: 'card_declined', declineCode: 'stolen_card' })).toBe('generic_decline');
  });

  it('falls back: an unknown decline code of a decline is a generic decline, an unknown code the generic text', () => {
    expect(paymentFailureReason({ code: 'card_declined', declineCode: 'do_not_honor' })).toBe('generic_decline');
    expect(paymentFailureReason({ code: 'payment_intent_authentication_failure', declineCode: null })).toBe('other');
    expect(paymentFailureReason({ code: 'constructor', declineCode: 'toString' })).toBe('other');
  });

  it('has a text in every language for every reason', () => {
    for (const reason of PAYMENT_FAILURE_REASONS) {
      const key = paymentFailureKey({ code: reason === 'other' ? 'unheard_of' : reason, declineCode: null });
      expect(isMessageKey(key), key).toBe(true);
      for (const lang of LANGUAGES) expect(translate(key as never, lang)).toMatch(/\S/);
    }
    expect(translate(paymentFailureKey({ code: 'card_declined', declineCode: 'insufficient_funds' }) as never, 'en')).toBe(
      'The card was declined: insufficient funds. Try another card or another way to pay.',
    );
  });
});
