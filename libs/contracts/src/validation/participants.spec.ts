import { canAddParticipant, validateParticipantCount, validateParticipants } from './participants';
import { repeatedEmails } from './repeated-emails';

const person = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com` });

describe('participant count', () => {
  it('allows adding while fewer than 3 are listed', () => {
    expect(canAddParticipant(1)).toBe(true);
    expect(canAddParticipant(2)).toBe(true);
    expect(canAddParticipant(3)).toBe(false);
  });

  it('accepts 2 and 3, refuses 1 and 4', () => {
    expect(validateParticipantCount(1)).toEqual({ ok: false, code: 'participants_too_few' });
    expect(validateParticipantCount(2).ok).toBe(true);
    expect(validateParticipantCount(3).ok).toBe(true);
    expect(validateParticipantCount(4)).toEqual({ ok: false, code: 'participants_too_many' });
  });
});

describe('validateParticipants', () => {
  it('accepts the initiator and two others, normalised', () => {
    const result = validateParticipants([person('Ana'), { name: ' Bo  Li ', email: ' bo@example.com ' }, person('Cy')]);
    expect(result).toEqual({
      ok: true,
      value: [person('Ana'), { name: 'Bo Li', email: 'bo@example.com' }, person('Cy')],
    });
  });

  it('refuses four participants with the spec message code', () => {
    const result = validateParticipants([person('Ana'), person('Bo'), person('Cy'), person('Di')]);
    expect(result).toMatchObject({ ok: false, code: 'participants_too_many' });
  });

  it('refuses a list with only the initiator', () => {
    expect(validateParticipants([person('Ana')])).toMatchObject({ ok: false, code: 'participants_too_few' });
  });

  it('refuses something that is not a list', () => {
    expect(validateParticipants({ $gt: '' })).toMatchObject({ ok: false, code: 'participants_too_few' });
  });

  it('names each bad field, with the initiator and participant messages', () => {
    const result = validateParticipants([{ name: '', email: 'ana@example.com' }, { name: 'Bo', email: 'nope' }, {}]);
    expect(result).toEqual({
      ok: false,
      code: 'initiator_required',
      fieldErrors: [
        { index: 0, field: 'name', code: 'initiator_required' },
        { index: 1, field: 'email', code: 'email_invalid' },
        { index: 2, field: 'name', code: 'participant_required' },
        { index: 2, field: 'email', code: 'participant_required' },
      ],
    });
  });
});

describe('each place its own e-mail address', () => {
  it('refuses an address an earlier place already has, in any case, on the later place', () => {
    const result = validateParticipants([
      { name: 'Ana Pérez', email: 'ana@example.com' },
      { name: 'Bo Li', email: 'bo@example.com' },
      { name: 'Cy Ng', email: ' ANA@example.com ' },
    ]);
    expect(result).toEqual({ ok: false, code: 'email_duplicate', fieldErrors: [{ index: 2, field: 'email', code: 'email_duplicate' }] });
    expect(repeatedEmails([{ email: 'a@x.io' }, { email: 'b@x.io' }])).toEqual([]);
  });
});
