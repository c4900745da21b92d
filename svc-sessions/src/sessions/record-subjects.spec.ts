import { attemptSubject, claimMissSubject, moveSubject, recordId, releaseSubject, roundSubject } from './record-subjects';

// Stored records are found by these ids for as long as the session is kept: a change of the grammar
// would lose every record written before it (a claimed place would read unclaimed, a decided
// submission undecided). These are the ids records are stored under today.
describe('the record grammar', () => {
  it('keeps the first claim round and the first attempt under the participant id itself', () => {
    expect(recordId('claim', roundSubject('p1', 1))).toBe('claim:p1');
    expect(recordId('respond', attemptSubject('p1', 1))).toBe('respond:p1');
    expect(recordId('decide', attemptSubject('p1', 0))).toBe('decide:p1');
  });

  it('gives later rounds and attempts subjects of their own', () => {
    expect(recordId('claim', roundSubject('p1', 3))).toBe('claim:p1~3');
    expect(recordId('consent', roundSubject('p1', 2))).toBe('consent:p1~2');
    expect(recordId('respond', attemptSubject('p1', 2))).toBe('respond:p1:2');
    expect(recordId('release', releaseSubject('p1', 1))).toBe('release:p1:1');
  });

  it('numbers the moves of a place within its claim round', () => {
    expect(recordId('move', moveSubject('p1', 1, 1))).toBe('move:p1:1');
    expect(recordId('move', moveSubject('p1', 2, 3))).toBe('move:p1~2:3');
  });

  it('counts wrong e-mail addresses per client and lock window', () => {
    expect(recordId('claim-miss', claimMissSubject('p1', 'key:partner', 29000000, 2))).toBe('claim-miss:p1:key:partner:29000000:2');
  });

  it('never gives two rounds, attempts or moves of a place the same id', () => {
    const distinct = (subjects: string[]) => new Set(subjects).size === subjects.length;
    expect(distinct([1, 2, 3].map((n) => roundSubject('p1', n)))).toBe(true);
    expect(distinct([1, 2, 3].map((n) => attemptSubject('p1', n)))).toBe(true);
    expect(distinct([1, 2, 3].flatMap((round) => [1, 2].map((n) => moveSubject('p1', round, n))))).toBe(true);
  });
});
