import { parseClaimParticipantRequest } from './session-actions';

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
