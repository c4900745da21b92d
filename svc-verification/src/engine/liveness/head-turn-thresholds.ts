import { FACING_CAMERA_MAX_NOSE_OFFSET } from '@idv/contracts';
import type { HeadTurnThresholds } from './head-turns';

/**
 * The head-turn decision's thresholds (head-turns.ts), chosen on the tuning split of
 * `npm run eval:liveness` alone (docs/liveness.md, "Head turns, measured"): the nose shift just
 * above every picture's weakest move there (since 2026-11-27, with the nose weighed against its
 * neighbours per axis, surface-motion.ts' noseShiftOf: printed 0.005, screen 0.004, bent 0.012;
 * 0.007 before, on the least of the four); the turns and the start's 0.4 were set before the
 * first run and kept. Provisional: rendered heads are no live people, which is why the decision is
 * advisory by default.
 */
export const HEAD_TURN_THRESHOLDS: HeadTurnThresholds = {
  minTurnAcross: 0.1,
  minTurnDown: 0.03,
  minNoseShift: 0.013,
  // shared with the page's guidance before a capture (@idv/contracts)
  maxStartOffset: FACING_CAMERA_MAX_NOSE_OFFSET,
};
