import { type Answers, forgetAnswers, keepAnswers, nextAttempt } from './kept-answers';

const photo = (name: string) => ({ dataUrl: `data:image/jpeg;base64,${name}`, fileName: `${name}.jpg` });
const uploadedSelfie = { selfie: 'data:image/jpeg;base64,me', proofOfLife: '' as const };
const liveSelfie = {
  selfie: 'data:image/jpeg;base64,me',
  proofOfLife: { challenge: 'lc1.x', frames: [{ step: 'face_camera' as const, image: 'data:image/jpeg;base64,f' }] },
} as unknown as Answers['selfie'];
const answers = (selfie: Answers['selfie']): Answers => ({ realName: 'Bo Li', front: photo('front'), back: photo('back'), selfie });

afterEach(() => forgetAnswers('S', 'P'));

describe('nextAttempt', () => {
  it('keeps what the failure does not ask for', () => {
    keepAnswers('S', 'P', answers(uploadedSelfie));
    expect(nextAttempt('S', 'P', ['document_unreadable'])).toEqual({
      realName: 'Bo Li',
      selfie: uploadedSelfie,
      giveAgain: ['documents'],
      kept: ['name', 'selfie'],
    });
    expect(nextAttempt('S', 'P', ['face_mismatch'])).toEqual({
      realName: 'Bo Li',
      front: photo('front'),
      back: photo('back'),
      giveAgain: ['selfie'],
      kept: ['name', 'documents'],
    });
  });

  it('always takes a live selfie again: its challenge holds for one attempt', () => {
    keepAnswers('S', 'P', answers(liveSelfie));
    expect(nextAttempt('S', 'P', ['name_mismatch'])).toEqual({
      front: photo('front'),
      back: photo('back'),
      giveAgain: ['name', 'selfie'],
      kept: ['documents'],
    });
    // The machine failed: nothing is asked for but the live selfie.
    expect(nextAttempt('S', 'P', ['check_timeout'])).toEqual({
      realName: 'Bo Li',
      front: photo('front'),
      back: photo('back'),
      giveAgain: ['selfie'],
      kept: ['name', 'documents'],
    });
  });

  it('keeps nothing for another place, or once forgotten', () => {
    keepAnswers('S', 'P', answers(uploadedSelfie));
    expect(nextAttempt('S', 'Q', ['name_mismatch'])).toEqual({ giveAgain: ['name'], kept: [] });
    forgetAnswers('S', 'P');
    expect(nextAttempt('S', 'P', ['name_mismatch'])).toEqual({ giveAgain: ['name'], kept: [] });
  });

  it('keeps them for 30 minutes at most', () => {
    jest.useFakeTimers();
    try {
      keepAnswers('S', 'P', answers(uploadedSelfie));
      jest.advanceTimersByTime(30 * 60 * 1000);
      expect(nextAttempt('S', 'P', ['name_mismatch']).kept).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });
});
