import { headTurnRecord } from './head-turn-record';

describe('headTurnRecord (what the log keeps of a head-turn measure)', () => {
  const moves = [
    {
      move: 'turn_left' as const,
      turn: 0.21345,
      offAxis: 0.41249,
      frames: [2, 3, 4],
      judged: [3, 4],
      noseShift: 0.0214999,
      squeeze: 0.91251,
      textureSqueeze: 0.88449,
      followedThrough: true,
    },
    { move: 'look_up' as const, turn: Number.NEGATIVE_INFINITY, frames: [5, 6, 7], judged: [6, 7] },
  ];

  it('keeps words and numbers to three decimals, a move with no face or no measure as null, and nothing else', () => {
    const record = headTurnRecord({ live: false, refusal: 'move_not_made', moves }, 'advisory', true, 812);
    expect(record).toEqual({
      mode: 'advisory',
      otherChecks: 'passed',
      live: false,
      refusal: 'move_not_made',
      moves: [
        { move: 'turn_left', turn: 0.213, offAxis: 0.412, noseShift: 0.021, squeeze: 0.913, textureSqueeze: 0.884, followedThrough: true },
        { move: 'look_up', turn: null, offAxis: null, noseShift: null, squeeze: null, textureSqueeze: null, followedThrough: null },
      ],
      ms: 812,
    });
    // the frames' indices are not kept: nothing of the capture but its measures
    expect(JSON.stringify(record)).not.toContain('frames');
  });

  it('names a live head made by another person than the selfie, and leaves out the time of a measure within the check', () => {
    const record = headTurnRecord({ live: false, samePerson: false, moves: [] }, 'enforced', false);
    expect(record).toEqual({ mode: 'enforced', otherChecks: 'failed', live: false, refusal: 'another_person', moves: [] });
    expect(headTurnRecord({ live: true, moves: [] }, 'enforced', true)).not.toHaveProperty('refusal');
  });
});
