import { InputNumber, type InputNumberProps } from 'antd';

type Props<T extends number | string> = Omit<InputNumberProps<T>, 'min' | 'max' | 'precision' | 'step'> & {
  /** Decimals the amount is shown with when not being typed (the currency's minor digits, 2 for percent). */
  decimals: number;
};

/**
 * A number input that never changes what was typed. antd's `min`, `max` and `precision` rewrite the value on blur
 * (clamping -100 to 0, rounding 1.005 to 1.01) and skip onChange for an out-of-range value while typing, so the form
 * would save an amount nobody entered; they are left out and the form checks the bounds (lib/amount-rule). A `step`
 * with `decimals` decimals still pads what is shown (1000 reads "1000.00") without ever rounding a typed value.
 */
export function AmountInput<T extends number | string = number>({ decimals, ...props }: Props<T>) {
  const step = decimals > 0 ? `0.${'0'.repeat(decimals - 1)}1` : '1';
  return <InputNumber<T> {...props} step={step} style={{ width: '100%', ...props.style }} />;
}
