import type { TrainType } from '@portal/contract/api/trains';

/**
 * What a train of each type can plausibly do, km/h, as China Railway runs them: G 300-350 cruising, D 200-250, C
 * intercity up to the line's speed, Z 160, T 140, K 120. `leg`: average running speed between two stops (a short leg
 * is mostly acceleration and braking, so the floor is low); `journey`: average over the whole ride including dwell
 * times. Every adapter's timetable must fall within these (contract.suite.ts), so a garbled time or distance shows.
 */
export interface SpeedRange {
  cruise: { min: number; max: number };
  leg: { min: number; max: number };
  journey: { min: number; max: number };
}

export const SPEED_RANGES: Readonly<Record<TrainType, SpeedRange>> = {
  G: { cruise: { min: 300, max: 350 }, leg: { min: 120, max: 350 }, journey: { min: 130, max: 320 } },
  D: { cruise: { min: 200, max: 250 }, leg: { min: 90, max: 250 }, journey: { min: 100, max: 230 } },
  C: { cruise: { min: 160, max: 350 }, leg: { min: 80, max: 350 }, journey: { min: 80, max: 320 } },
  Z: { cruise: { min: 140, max: 160 }, leg: { min: 70, max: 160 }, journey: { min: 100, max: 160 } },
  T: { cruise: { min: 120, max: 140 }, leg: { min: 60, max: 140 }, journey: { min: 85, max: 125 } },
  K: { cruise: { min: 100, max: 120 }, leg: { min: 50, max: 120 }, journey: { min: 60, max: 100 } },
};

export const trainTypeOf = (trainNumber: string): TrainType | null => {
  const t = trainNumber.charAt(0);
  return t === 'G' || t === 'D' || t === 'C' || t === 'Z' || t === 'T' || t === 'K' ? t : null;
};
