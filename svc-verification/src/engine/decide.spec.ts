import { type CheckFindings, decide } from './decide';

/** A genuine submission: every check passes. */
const genuine: CheckFindings = {
  portraitFound: true,
  selfieFaceFound: true,
  document: { checkDigitsValid: true, expired: false, frontShowsIt: true, nameHolds: true, invitedNameMatches: true, selfieShowsIt: false },
  facesDiffer: false,
  headTurnsRefused: false,
  selfieCopiesPortrait: false,
  selfiePixelated: false,
  selfieEnlarged: false,
  textUnread: false,
};
const withDocument = (document: Partial<NonNullable<CheckFindings['document']>>, rest: Partial<CheckFindings> = {}): CheckFindings => ({
  ...genuine,
  ...rest,
  document: { ...genuine.document!, ...document },
});
const codes = (findings: CheckFindings) => decide(findings).reasons.map((reason) => reason.code);

describe('decide: the check outcome from its findings', () => {
  it('verifies a submission no rule fails, with no reasons', () => {
    expect(decide(genuine)).toEqual({ decision: 'verified', reasons: [] });
  });

  it.each<[string, CheckFindings, string]>([
    ['no face on the front', { ...genuine, portraitFound: false }, 'no_face_on_document'],
    ['no face in the selfie', { ...genuine, selfieFaceFound: false }, 'no_face_in_selfie'],
    ['no zone read', { ...genuine, document: undefined }, 'document_unreadable'],
    ['check digits wrong', withDocument({ checkDigitsValid: false }), 'mrz_invalid'],
    ['expired', withDocument({ expired: true }), 'document_expired'],
    ["a front that is not this document's", withDocument({ frontShowsIt: false }), 'not_a_document'],
    ["a typed name that is not the document's", withDocument({ nameHolds: false }), 'name_mismatch'],
    ['an invited name of someone else', withDocument({ invitedNameMatches: false }), 'invited_name_mismatch'],
    ['the document held to the camera', withDocument({ selfieShowsIt: true }), 'liveness_failed'],
    ['a head turn that showed no live head, enforced', { ...genuine, headTurnsRefused: true }, 'liveness_failed'],
    ["a selfie that copies the document's portrait, enforced", { ...genuine, selfieCopiesPortrait: true }, 'liveness_failed'],
    ['a selfie pixelated with hard blocks, enforced', { ...genuine, selfiePixelated: true }, 'liveness_failed'],
    ['a selfie enlarged from a much smaller picture, enforced', { ...genuine, selfieEnlarged: true }, 'liveness_failed'],
    ['another face', { ...genuine, facesDiffer: true }, 'face_mismatch'],
  ])('fails %s with its reason alone', (_case, findings, reason) => {
    expect(decide(findings).decision).toBe('failed');
    expect(codes(findings)).toEqual([reason]);
  });

  it('says the invited name only when the typed name holds: one name reason, not two', () => {
    expect(codes(withDocument({ nameHolds: false, invitedNameMatches: false }))).toEqual(['name_mismatch']);
  });

  it('judges no document check on a document that was not read', () => {
    expect(codes({ ...genuine, document: undefined, facesDiffer: true })).toEqual(['document_unreadable', 'face_mismatch']);
  });

  it('takes text that was not read as proving nothing absent: the document is unreadable, not another', () => {
    const cutShort = withDocument({ frontShowsIt: false, nameHolds: false }, { textUnread: 'cut-short' });
    expect(codes(cutShort)).toEqual(['document_unreadable']);
    // What the text that was read proves still fails
    expect(codes(withDocument({ checkDigitsValid: false, expired: true }, { textUnread: 'cut-short' }))).toEqual(['mrz_invalid', 'document_expired']);
  });

  it('tells a person whose reads got no CPU that the service was busy, never that their document is unreadable', () => {
    expect(codes({ ...genuine, document: undefined, textUnread: 'starved' })).toEqual(['service_busy']);
    expect(codes(withDocument({ nameHolds: false }, { textUnread: 'starved' }))).toEqual(['service_busy']);
    expect(decide({ ...genuine, document: undefined, textUnread: 'starved' }).reasons[0].retryable).toBe(true);
  });

  it('reports each reason once, in the order of the rules', () => {
    const findings = withDocument({ selfieShowsIt: true, expired: true }, { headTurnsRefused: true, selfieCopiesPortrait: true, selfieFaceFound: false });
    expect(codes(findings)).toEqual(['liveness_failed', 'no_face_in_selfie', 'document_expired']);
  });
});
