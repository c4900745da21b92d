import { FACING_CAMERA_MAX_NOSE_OFFSET, MOVE_MIN_TURN } from '@idv/contracts';
import type { HeadTurnThresholds } from './head-turns';

/**
 * The head-turn decision's thresholds (head-turns.ts), chosen on the tuning split of
 * `npm run eval:liveness` alone (docs/liveness.md, "Head turns, measured"): the nose shift just
 * above every picture's weakest move there (since 2026-11-27, with the nose weighed against its
 * neighbours per axis, surface-motion.ts' noseShiftOf: printed 0.005, screen 0.004, bent 0.012;
 * 0.007 before, on the least of the four); the turns and the start's 0.4 were set before the
 * first run and kept; the squeeze's 0.75 (since 2026-12-04) on the genuine side alone, by a rule
 * written before its first run: 0.05 below the least squeeze of a move made by a live head of
 * the tuning split (0.809), rounded down to 0.05; the texture squeeze's 0.75 (since 2026-12-05) by
 * the same rule, written before its first run (commit 5242798): 0.05 below the least texture
 * squeeze of a move made by a live head of the tuning split (rendered heads 0.842, the tuning
 * recordings' moves made as far as the page asks 0.930), rounded down to 0.05; a move's texture
 * squeeze of 0.90 or more taken as a head's depth (since 2026-12-06) by a rule written before it
 * was scored on the other splits (commit 52bf35a): 0.05 above the greatest texture squeeze at
 * which a tuning picture refused as flat would have been taken (0.845), rounded up to 0.05; the
 * nose shift such a move must still show (since 2026-12-06, sixth session) by a rule written and
 * committed before it was scored on captures drawn anew (docs/liveness.md, "A move taken by its
 * texture's shape needs some nose shift too"): the least nose shift of a live head's move taken by
 * its texture's shape in any run before (0.0055, a rendered head and a recorded man alike), less a
 * tenth, rounded down to 0.001; the most a move may go along the other axis (since 2026-12-07,
 * fourth session) by a rule written and committed before its run (docs/liveness.md, "A move toward
 * the asked side, not another"): 1 unless a rendered live head's move made on the tuning split
 * read above 0.9; one read 1.84 (a turn that went down as well), so the greatest plus a tenth,
 * rounded up to 0.05. Provisional:
 * rendered heads are no live people, which is why the decision is advisory by default.
 */
export const HEAD_TURN_THRESHOLDS: HeadTurnThresholds = {
  // shared with the page's guidance (@idv/contracts): the start before Capture, each move during it
  minTurnAcross: MOVE_MIN_TURN.across,
  minTurnDown: MOVE_MIN_TURN.down,
  minNoseShift: 0.013,
  maxStartOffset: FACING_CAMERA_MAX_NOSE_OFFSET,
  minSqueeze: 0.75,
  minTextureSqueeze: 0.75,
  minHeadTextureSqueeze: 0.9,
  minWaivedNoseShift: 0.004,
  maxOffAxis: 2.05,
};
