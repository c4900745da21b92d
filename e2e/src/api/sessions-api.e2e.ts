import type { ApiErrorBody, ClaimParticipantResponse, HandoffOffer, HandoffRedeemed, SessionView } from '@idv/contracts';
import { api, createSession, people, submission, sessionWithBoClaimed } from '../support/api';
import { e2eEnvironment } from '../support/environment';
import { withDatabase } from '../support/database';
import { createSessionBody } from '@idv/test-kit';

/** Every route through gateway -> NATS -> services -> database, as the browser calls it. */
describe('sessions API (real gateway, services, NATS and database)', () => {
  it('POST /sessions creates: 201, the session and an initiator token shown once', async () => {
    const { status, body } = await api<{ session: SessionView; initiatorToken: string }>('POST', '/sessions', { body: people });
    expect(status).toBe(201);
    expect(body.initiatorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.session).toMatchObject({ initiator: 'Ana Pérez', purpose: 'Selling a car', isCancelled: false, status: 'waiting_for_participants' });
    expect(body.session.shareableUrl).toMatch(new RegExp(`/invite/${body.session._id}$`));
  });

  it('accepts emoji and right-to-left names and keeps them exactly', async () => {
    const body = createSessionBody(
      [
        { name: 'Zoë 🌻 Ødegård', email: 'zoe@example.com' },
        { name: 'אברהם כהן', email: 'avi@example.com' },
      ],
      'Renting a flat 🏠',
    );
    const { session } = await createSession(body);
    expect(session.participants.map((p) => p.name)).toEqual(['Zoë 🌻 Ødegård', 'אברהם כהן']);
  });

  it('GET /sessions/:id: masked e-mails, unmasked for the initiator, join codes normalised, 404 and 400', async () => {
    const { session, initiatorToken } = await createSession();
    const anonymous = await api<SessionView>('GET', `/sessions/${session._id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.participants.map((p) => p.email)).toEqual(['a***@e***.com', 'b***@e***.com', 'n***@e***.com']);
    const asInitiator = await api<SessionView>('GET', `/sessions/${session._id}`, { token: initiatorToken });
    expect(asInitiator.body.participants[1].email).toBe('bo@example.com');
    const typed = session._id.toLowerCase().replace(/^(.{4})(.{4})/, '$1-$2-');
    expect((await api<SessionView>('GET', `/sessions/${typed}`)).body._id).toBe(session._id);
    expect(await api('GET', '/sessions/0123456789AB')).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Session not found or expired.', code: 'session_not_found' },
    });
    expect((await api('GET', '/sessions/ABC')).status).toBe(400);
    expect((await api('GET', '/sessions/%7B%22%24gt%22%3A%22%22%7D')).status).toBe(400);
  });

  it('a stranger with only the join code cannot take an invited place: the e-mail address is asked, and a few wrong ones keep that stranger out, nobody else', async () => {
    const { secretApiKey } = e2eEnvironment();
    if (!secretApiKey) throw new Error('This test needs E2E_SECRET_API_KEY: run it through `npm test`.');
    const { session, initiatorToken } = await createSession();
    const stranger = await api<SessionView>('GET', `/sessions/${session._id}`);
    const bo = stranger.body.participants[1];
    const route = `/sessions/${session._id}/participants/${bo._id}/claim`;
    const claimAs = (email?: string) => api<ApiErrorBody>('POST', route, { body: { ...(email === undefined ? {} : { email }), termsAccepted: true } });
    expect((await claimAs()).body).toMatchObject({ statusCode: 400, code: 'validation_failed', fields: { email: expect.any(String) } });
    // What the stranger sees of the address (masked) is not the address; nor are guesses from the name.
    expect(bo.email).toBe('b***@e***.com');
    const guesses = [];
    for (const guess of [bo.email, 'bo.li@example.com', 'boli@example.com', 'b@example.com', 'li@example.com']) guesses.push((await claimAs(guess)).body.code);
    expect(guesses).toEqual(['email_mismatch', 'email_mismatch', 'email_mismatch', 'email_mismatch', 'place_locked']);
    // The stranger is kept out: its next try is not even compared, the right address too.
    expect((await claimAs('bo@example.com')).status).toBe(423);
    // The place is not locked: the session shows nothing, and the invited person, calling from
    // elsewhere (here a server-side client), takes it with the right address.
    const asInitiator = await api<SessionView>('GET', `/sessions/${session._id}`, { token: initiatorToken });
    expect(asInitiator.body.participants[1]).toEqual(expect.not.objectContaining({ claimLockedUntil: expect.anything() }));
    const invitee = await api<ClaimParticipantResponse>('POST', route, { apiKey: secretApiKey, body: { email: 'bo@example.com', termsAccepted: true } });
    expect(invitee.status).toBe(200);
    expect((await api<SessionView>('GET', `/sessions/${session._id}`)).body.participants[1].claimed).toBe(true);
  });

  it('create -> get -> claim -> decline, and the conflicts on the way', async () => {
    const { session } = await createSession();
    const [, bo, nour] = session.participants;
    const claim = await api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, {
      body: { email: bo.email, termsAccepted: true },
    });
    expect(claim.status).toBe(200);
    const token = claim.body.participantToken;
    expect((await api('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, { body: { email: bo.email, termsAccepted: true } })).body).toMatchObject(
      {
        code: 'participant_already_claimed',
        statusCode: 409,
      },
    );
    expect(
      (await api('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, { token, body: { email: bo.email, termsAccepted: true } })).body,
    ).toEqual({ participantToken: token });
    await api('POST', `/sessions/${session._id}/participants/${nour._id}/claim`, { body: { email: nour.email, termsAccepted: true } });
    expect(
      (await api('POST', `/sessions/${session._id}/participants/${nour._id}/claim`, { body: { email: nour.email, termsAccepted: true } })).body,
    ).toMatchObject({
      statusCode: 409,
      code: 'session_full',
      message: 'Session is full. Maximum 2 participants allowed.',
    });
    expect((await api('POST', `/sessions/${session._id}/participants/${'A'.repeat(22)}/claim`, { body: { termsAccepted: true } })).status).toBe(404);
    expect((await api('POST', `/sessions/${session._id}/participants/short/claim`, { body: { termsAccepted: true } })).status).toBe(400);

    const declined = await api<SessionView>('POST', `/sessions/${session._id}/reject`, { body: { participantId: bo._id }, token });
    expect(declined.status).toBe(200);
    expect(declined.body.participants[1].status).toBe('declined');
    expect((await api('POST', `/sessions/${session._id}/reject`, { body: { participantId: bo._id }, token })).body).toMatchObject({
      statusCode: 409,
      code: 'participant_not_pending',
    });
  });

  it('refuses token misuse: none, wrong, the initiator declining', async () => {
    const { session, initiatorToken } = await createSession();
    const [ana, bo] = session.participants;
    const noToken = await api<ApiErrorBody>('POST', `/sessions/${session._id}/reject`, { body: { participantId: bo._id } });
    expect(noToken.body).toMatchObject({ statusCode: 403, code: 'invalid_token' });
    const wrong = await api<ApiErrorBody>('POST', `/sessions/${session._id}/cancel`, {
      body: { initiatorId: ana._id, reason: 'Cancelled by initiator' },
      token: 'A'.repeat(43),
    });
    expect(wrong.body).toMatchObject({ statusCode: 403, code: 'invalid_token' });
    const initiator = await api('POST', `/sessions/${session._id}/reject`, { body: { participantId: ana._id }, token: initiatorToken });
    expect(initiator).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Initiator cannot reject the invitation. Use cancel session instead.',
        code: 'initiator_cannot_decline',
      },
    });
  });

  it('create -> cancel -> submit refused with 403 session_cancelled', async () => {
    const { session, initiatorToken, bo, boToken: token } = await sessionWithBoClaimed();
    const ana = session.participants[0];
    const cancelled = await api<SessionView>('POST', `/sessions/${session._id}/cancel`, {
      body: { initiatorId: ana._id, reason: 'Cancelled by initiator' },
      token: initiatorToken,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ isCancelled: true, status: 'cancelled', cancelReason: 'Cancelled by initiator' });
    const submit = await api('POST', `/verification/${session._id}/${bo._id}`, { body: submission(), token });
    expect(submit).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Session has been cancelled', code: 'session_cancelled' },
    });
  });

  it('submit: 202, then the result arrives on the session; after a retryable failure the same call is the next attempt, 3 in all', async () => {
    const { session, bo, boToken: token } = await sessionWithBoClaimed();
    const submit = () => api('POST', `/verification/${session._id}/${bo._id}`, { body: submission(), token });
    const decided = async (attempt: number) => {
      for (let i = 0; i < 100; i++) {
        const participant = (await api<SessionView>('GET', `/sessions/${session._id}`)).body.participants[1];
        if (participant.attempt === attempt && participant.status !== 'submitted') return participant;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`attempt ${attempt} was not decided`);
    };
    expect(await submit()).toEqual({ status: 202, body: { accepted: true } });
    // An 8x8 grey JPEG shows no document and no face: a failure that trying again can fix.
    const first = await decided(1);
    expect(first).toMatchObject({ status: 'failed', attempt: 1, attemptsLeft: 2 });
    expect(first.result?.decidedAt).toBeDefined();
    expect(first.result?.reasons.every((reason) => reason.retryable)).toBe(true);
    for (const attempt of [2, 3]) {
      expect(await submit()).toEqual({ status: 202, body: { accepted: true } });
      expect(await decided(attempt)).toMatchObject({ status: 'failed', attempt, attemptsLeft: 3 - attempt });
    }
    expect((await submit()).body).toMatchObject({ statusCode: 409, code: 'attempts_exhausted' });
  });

  it('submit without a token, or with one that holds no place, is 403 before the body is read; with missing parts 400', async () => {
    const { session, initiatorToken } = await createSession();
    const [ana, bo] = session.participants;
    expect((await api('POST', `/verification/${session._id}/${bo._id}`, { body: submission() })).body).toMatchObject({ statusCode: 403 });
    const stranger = await api<ApiErrorBody>('POST', `/verification/${session._id}/${bo._id}`, {
      body: { ...submission(), idDocumentBack: '' },
      token: 'A'.repeat(43),
    });
    expect(stranger.body).toMatchObject({ statusCode: 403, code: 'invalid_token' });
    const missing = await api<ApiErrorBody>('POST', `/verification/${session._id}/${ana._id}`, {
      body: { ...submission(), idDocumentBack: '' },
      token: initiatorToken,
    });
    expect(missing.body).toMatchObject({ statusCode: 400, message: 'Please upload both front and back sides of your ID document.' });
  });

  it('bad input: each a clear 4xx, and the database is unchanged', async () => {
    const { session, initiatorToken } = await createSession();
    const [ana] = session.participants;
    await withDatabase(async (counts) => {
      const before = await counts();
      const requests: [string, string, { body?: unknown; rawBody?: string; token?: string; apiKey?: string | null }, number][] = [
        ['POST', '/sessions', { rawBody: '{"initiator":' }, 400],
        ['POST', '/sessions', { body: { ...people, initiator: 42 } }, 400],
        ['POST', '/sessions', { body: { ...people, role: 'admin' } }, 400],
        ['POST', '/sessions', { body: { ...people, initiator: { $gt: '' } } }, 400],
        ['POST', '/sessions', { body: { ...people, participants: [{ name: { $ne: null }, email: 'x@example.com' }, people.participants[1]] } }, 400],
        ['POST', '/sessions', { body: { ...people, purpose: 'x'.repeat(80 * 1024) } }, 413],
        ['POST', '/sessions', { body: people, apiKey: null }, 401],
        ['POST', `/sessions/${session._id}/cancel`, { body: { initiatorId: { $gt: '' }, reason: 'x' }, token: initiatorToken }, 400],
        ['POST', `/sessions/${session._id}/cancel`, { body: { initiatorId: ana._id, reason: 'x', extra: true }, token: initiatorToken }, 400],
        ['POST', `/sessions/${session._id}/reject`, { body: { participantId: { $regex: '.*' } } }, 400],
        ['POST', `/sessions/${session._id}/reject`, { body: [] }, 400],
        ['POST', `/verification/${session._id}/${ana._id}`, { body: { ...submission(), status: 'verified' }, token: initiatorToken }, 400],
        ['GET', '/sessions/%24where', {}, 400],
      ];
      for (const [method, path, options, expected] of requests) {
        const answer = await api<ApiErrorBody>(method, path, options);
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: expected });
        expect(answer.body.code).toBeDefined();
        expect(answer.body.message).toBeDefined();
      }
      expect(await counts()).toEqual(before);
    });
    const after = await api<SessionView>('GET', `/sessions/${session._id}`);
    expect(after.body.isCancelled).toBe(false);
    expect(after.body.participants.map((p) => p.status)).toEqual(['pending', 'pending', 'pending']);
  });
});

describe('Idempotency-Key: a change sent again gets its first outcome (real gateway, services, NATS and database)', () => {
  const newKey = () => crypto.randomUUID();

  it('create and claim repeated with their keys: the same session, the same tokens; the key with another body is 409', async () => {
    const createKey = newKey();
    const first = await api<{ session: SessionView; initiatorToken: string }>('POST', '/sessions', { body: people, idempotencyKey: createKey });
    const again = await api<{ session: SessionView; initiatorToken: string }>('POST', '/sessions', { body: people, idempotencyKey: createKey });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.session._id).toBe(first.body.session._id);
    expect(again.body.initiatorToken).toBe(first.body.initiatorToken);
    const reused = await api<ApiErrorBody>('POST', '/sessions', { body: { ...people, purpose: 'Something else' }, idempotencyKey: createKey });
    expect(reused).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });

    const { session } = first.body;
    const bo = session.participants[1];
    const claimKey = newKey();
    const claim = (idempotencyKey: string) =>
      api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, {
        body: { email: bo.email, termsAccepted: true },
        idempotencyKey,
      });
    // Five at once, as a browser retrying a claim whose answers were slow would send them.
    const claims = await Promise.all([1, 2, 3, 4, 5].map(() => claim(claimKey)));
    expect(claims.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(claims.map((c) => c.body.participantToken)).size).toBe(1);
    expect((await claim(newKey())).status).toBe(409);
  });

  it('a key answers only its own caller: the same key and body with a secret key make a session of their own', async () => {
    const { secretApiKey } = e2eEnvironment();
    if (!secretApiKey) throw new Error('This test needs E2E_SECRET_API_KEY: run it through `npm test`.');
    const key = newKey();
    const asBrowser = await api<{ session: SessionView; initiatorToken: string }>('POST', '/sessions', { body: people, idempotencyKey: key });
    const asServer = await api<{ session: SessionView; initiatorToken: string }>('POST', '/sessions', {
      body: people,
      idempotencyKey: key,
      apiKey: secretApiKey,
    });
    const asServerAgain = await api<{ session: SessionView; initiatorToken: string }>('POST', '/sessions', {
      body: people,
      idempotencyKey: key,
      apiKey: secretApiKey,
    });
    expect([asBrowser.status, asServer.status, asServerAgain.status]).toEqual([201, 201, 201]);
    expect(asServer.body.session._id).not.toBe(asBrowser.body.session._id);
    expect(asServer.body.initiatorToken).not.toBe(asBrowser.body.initiatorToken);
    expect(asServerAgain.body).toEqual(asServer.body);
    // The key is no route's but its own: a claim with it takes a token of its own, not one the key made elsewhere.
    const bo = asBrowser.body.session.participants[1];
    const claim = await api<ClaimParticipantResponse>('POST', `/sessions/${asBrowser.body.session._id}/participants/${bo._id}/claim`, {
      body: { email: bo.email, termsAccepted: true },
      idempotencyKey: key,
    });
    expect(claim.status).toBe(200);
    expect(claim.body.participantToken).not.toBe(asBrowser.body.initiatorToken);
  });

  it('reject repeated with its key answers the declined session; a malformed key is 400 and changes nothing', async () => {
    const { session } = await createSession();
    const bo = session.participants[1];
    const { body } = await api<ClaimParticipantResponse>('POST', `/sessions/${session._id}/participants/${bo._id}/claim`, {
      body: { email: bo.email, termsAccepted: false },
    });
    const reject = (idempotencyKey: string) =>
      api<SessionView>('POST', `/sessions/${session._id}/reject`, { body: { participantId: bo._id }, token: body.participantToken, idempotencyKey });
    const malformed = await api<ApiErrorBody>('POST', `/sessions/${session._id}/reject`, {
      body: { participantId: bo._id },
      token: body.participantToken,
      idempotencyKey: 'not a key',
    });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'validation_failed', fields: { idempotencyKey: expect.any(String) } } });
    expect((await api<SessionView>('GET', `/sessions/${session._id}`)).body.participants[1].status).toBe('pending');
    const key = newKey();
    const [first, again] = [await reject(key), await reject(key)];
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.participants[1].status).toBe('declined');
    expect((await reject(newKey())).status).toBe(409);
  });
});

describe('continue on another device (real gateway, services, NATS and database)', () => {
  it('a handoff code moves the place: 201 with a link, 200 to the device that redeems it, 403 place_moved for the old token, 404 when spent', async () => {
    const { session, bo, boToken: laptop } = await sessionWithBoClaimed();
    const offered = await api<HandoffOffer>('POST', `/sessions/${session._id}/participants/${bo._id}/handoff`, { token: laptop });
    expect(offered.status).toBe(201);
    expect(offered.body.url).toMatch(new RegExp(`/handoff/${offered.body.code}$`));
    expect((await api('POST', `/sessions/${session._id}/participants/${bo._id}/handoff`)).status).toBe(403);

    const redeemed = await api<HandoffRedeemed>('POST', '/handoffs/redeem', { body: { code: offered.body.code } });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ sessionId: session._id, participantId: bo._id, name: 'Bo Li', initiator: false });
    expect(await api('GET', `/sessions/${session._id}/participants/${bo._id}/place`, { token: redeemed.body.token })).toEqual({
      status: 200,
      body: { held: true },
    });
    expect((await api<ApiErrorBody>('GET', `/sessions/${session._id}/participants/${bo._id}/place`, { token: laptop })).body).toMatchObject({
      statusCode: 403,
      code: 'place_moved',
    });
    expect((await api<ApiErrorBody>('POST', `/sessions/${session._id}/reject`, { token: laptop, body: { participantId: bo._id } })).body.code).toBe(
      'place_moved',
    );
    expect((await api<ApiErrorBody>('POST', '/handoffs/redeem', { body: { code: offered.body.code } })).body).toMatchObject({
      statusCode: 404,
      code: 'handoff_invalid',
    });
    expect((await api<ApiErrorBody>('POST', '/handoffs/redeem', { body: { code: 'nope' } })).status).toBe(400);
  });
});

describe('submitted images (real gateway and svc-verification)', () => {
  const gif = `data:image/jpeg;base64,${Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex').toString('base64')}`;

  it('refuses an image that is not JPEG, PNG or WebP by its bytes (415), a broken one (422), and changes nothing', async () => {
    const { session, bo, boToken: token } = await sessionWithBoClaimed();
    expect((await api('POST', `/verification/${session._id}/${bo._id}`, { body: { ...submission(), selfie: gif }, token })).body).toMatchObject({
      statusCode: 415,
      code: 'unsupported_image_type',
    });
    const broken = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64')}`;
    expect((await api('POST', `/verification/${session._id}/${bo._id}`, { body: { ...submission(), idDocumentFront: broken }, token })).body).toMatchObject({
      statusCode: 422,
      code: 'image_unreadable',
    });
    expect((await api<SessionView>('GET', `/sessions/${session._id}`)).body.participants[1].status).toBe('pending');
  });
});
