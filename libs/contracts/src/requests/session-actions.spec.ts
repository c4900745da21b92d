import { parseClaimParticipantRequest, parseRedeemHandoffRequest } from './session-actions';

describe('parseClaimParticipantRequest', () => {
  it('takes whether the terms were accepted, as a boolean', () => {
    expect(parseClaimParticipantRequest({ termsAccepted: true })).toEqual({ ok: true, value: { termsAccepted: true } });
    expect(parseClaimParticipantRequest({ termsAccepted: false })).toEqual({ ok: true, value: { termsAccepted: false } });
  });

  it('refuses a claim that does not say, says it otherwise, or carries anything else', () => {
    for (const body of [{}, { termsAccepted: 'yes' }, null, []]) expect(parseClaimParticipantRequest(body).ok).toBe(false);
    expect(parseClaimParticipantRequest({ termsAccepted: true, tokenHash: 'x' })).toEqual({ ok: false, fields: { tokenHash: 'Unknown field: tokenHash' } });
  });
});

describe('parseRedeemHandoffRequest', () => {
  it('takes a handoff code: 22 base64url characters', () => {
    expect(parseRedeemHandoffRequest({ code: 'AAAAAAAAAAAAAAAAAAAA_-' })).toEqual({ ok: true, value: { code: 'AAAAAAAAAAAAAAAAAAAA_-' } });
  });

  it('refuses anything else', () => {
    for (const body of [{}, { code: 'short' }, { code: 'A'.repeat(23) }, { code: 'AAAAAAAAAAAAAAAAAAAA/+' }, { code: 7 }, null]) {
      expect(parseRedeemHandoffRequest(body).ok).toBe(false);
    }
  });
});
