import { validateRequest } from './field-errors';
import { ClaimParticipantRequestSchema, CreateSessionRequestSchema, RedeemHandoffRequestSchema } from './session-requests';

const parseCreateSessionRequest = (body: unknown) => validateRequest(CreateSessionRequestSchema, body);
const parseClaimParticipantRequest = (body: unknown) => validateRequest(ClaimParticipantRequestSchema, body);
const parseRedeemHandoffRequest = (body: unknown) => validateRequest(RedeemHandoffRequestSchema, body);

const valid = {
  initiator: 'Ana Pérez',
  participants: [
    { name: 'Ana Pérez', email: 'ana@example.com' },
    { name: 'Bo Li', email: 'bo@example.com' },
  ],
  purpose: 'Selling a car',
  termsAccepted: true as const,
};

describe('CreateSessionRequestSchema', () => {
  it('accepts a valid body, normalised', () => {
    expect(parseCreateSessionRequest({ ...valid, initiator: '  Ana   Pérez ' })).toEqual({ ok: true, value: valid });
  });

  it('names each bad field with the spec message', () => {
    const result = parseCreateSessionRequest({
      initiator: 'A',
      participants: [
        { name: 'Ana', email: 'ana@example.com' },
        { name: '', email: 'nope' },
      ],
      purpose: 'p'.repeat(51),
    });
    expect(result).toEqual({
      ok: false,
      fields: {
        initiator: 'Please enter a valid name (2-50 characters)',
        purpose: 'Purpose must be 50 characters or less',
        termsAccepted: 'Please accept the Terms of Service to continue.',
        'participants[1].name': 'Please fill in all participant names and emails',
        'participants[1].email': 'Please enter a valid email address',
      },
      // The rule each field broke, for a client to word (the terms are not one of the product's field rules).
      fieldCodes: {
        initiator: 'name_invalid',
        purpose: 'purpose_too_long',
        'participants[1].name': 'participant_required',
        'participants[1].email': 'email_invalid',
      },
    });
  });

  it('refuses a participant with the e-mail address of another, in any case, on that participant', () => {
    const result = parseCreateSessionRequest({ ...valid, participants: [valid.participants[0], { name: 'Bo Li', email: 'ANA@example.com' }] });
    expect(result).toMatchObject({ ok: false, fields: { 'participants[1].email': 'Each participant needs their own email address' } });
  });

  it('needs the terms accepted: true, and nothing that merely looks like it', () => {
    for (const termsAccepted of [undefined, false, 'true', 1]) {
      expect(parseCreateSessionRequest({ ...valid, termsAccepted })).toEqual({
        ok: false,
        fields: { termsAccepted: 'Please accept the Terms of Service to continue.' },
      });
    }
  });

  it('refuses unknown fields, at the top and in participants', () => {
    const result = parseCreateSessionRequest({
      ...valid,
      isAdmin: true,
      participants: [valid.participants[0], { ...valid.participants[1], status: 'verified' }],
    });
    expect(result).toEqual({
      ok: false,
      fields: { isAdmin: 'Unknown field: isAdmin', 'participants[1].status': 'Unknown field: status' },
    });
  });

  it('refuses NoSQL operators in any field', () => {
    const result = parseCreateSessionRequest({
      initiator: { $gt: '' },
      participants: [
        { name: 'Ana', email: { $ne: null } },
        { name: 'Bo', email: 'bo@example.com' },
      ],
      purpose: { $where: 'sleep(1000)' },
    });
    expect(result.ok).toBe(false);
    expect(Object.keys((result as { fields: object }).fields).sort()).toEqual(['initiator', 'participants[0].email', 'purpose', 'termsAccepted']);
  });

  it('refuses more than 3 participants and a non-object body', () => {
    const four = [0, 1, 2, 3].map((i) => ({ name: `Person ${i}`, email: `p${i}@example.com` }));
    expect(parseCreateSessionRequest({ ...valid, initiator: 'Person 0', participants: four })).toEqual({
      ok: false,
      fields: { participants: 'Maximum 3 participants allowed' },
    });
    expect(parseCreateSessionRequest([valid])).toEqual({ ok: false, fields: { body: 'The request body must be a JSON object' } });
  });

  it('requires the initiator to be the first participant', () => {
    const result = parseCreateSessionRequest({ ...valid, participants: [valid.participants[1], valid.participants[0]] });
    expect(result).toEqual({ ok: false, fields: { 'participants[0].name': 'The first participant must be the initiator' } });
  });
});

describe('ClaimParticipantRequestSchema', () => {
  it('takes whether the terms were accepted, as a boolean', () => {
    expect(parseClaimParticipantRequest({ termsAccepted: true })).toEqual({ ok: true, value: { termsAccepted: true } });
    expect(parseClaimParticipantRequest({ termsAccepted: false })).toEqual({ ok: true, value: { termsAccepted: false } });
  });

  it('refuses a claim that does not say, says it otherwise, or carries anything else', () => {
    for (const body of [{}, { termsAccepted: 'yes' }, null, []]) expect(parseClaimParticipantRequest(body).ok).toBe(false);
    expect(parseClaimParticipantRequest({ termsAccepted: true, tokenHash: 'x' })).toEqual({ ok: false, fields: { tokenHash: 'Unknown field: tokenHash' } });
  });
});

describe('RedeemHandoffRequestSchema', () => {
  it('takes a handoff code: 22 base64url characters', () => {
    expect(parseRedeemHandoffRequest({ code: 'AAAAAAAAAAAAAAAAAAAA_-' })).toEqual({ ok: true, value: { code: 'AAAAAAAAAAAAAAAAAAAA_-' } });
  });

  it('refuses anything else', () => {
    for (const body of [{}, { code: 'short' }, { code: 'A'.repeat(23) }, { code: 'AAAAAAAAAAAAAAAAAAAA/+' }, { code: 7 }, null]) {
      expect(parseRedeemHandoffRequest(body).ok).toBe(false);
    }
  });
});
