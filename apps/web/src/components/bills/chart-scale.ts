import type { StatementDay } from '@portal/contract/api/bills';

/** A step of 1, 2 or 5 times a power of ten: axis ticks that read as round numbers. */
export function niceStep(span: number, ticks = 4): number {
  if (!(span > 0)) return 1;
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10;
  return Math.max(1, nice * power);
}

export interface ChartScale {
  min: number;
  max: number;
  ticks: number[];
  /** Value -> y in the plot, 0 at the top. */
  y: (value: number) => number;
}

/**
 * One vertical scale for money in (up from zero), money out (down from zero) and the closing balance, which may be
 * negative when credit is in use. Bounds snap outwards to the tick step so the bars never touch the frame.
 */
export function chartScale(days: readonly StatementDay[], height: number): ChartScale {
  const values = days.flatMap((d) => [d.in, -Math.abs(d.out), d.balance]);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const step = niceStep(hi - lo || 1);
  const min = Math.floor(lo / step) * step;
  const max = Math.max(Math.ceil(hi / step) * step, min + step);
  const ticks: number[] = [];
  for (let v = min; v <= max; v += step) ticks.push(v);
  return { min, max, ticks, y: (value) => ((max - value) / (max - min)) * height };
}

/** Day-of-month labels thin enough not to overlap: about eight along the axis, the first day always shown. */
export function labelEvery(count: number): number {
  return Math.max(1, Math.ceil(count / 8));
}
