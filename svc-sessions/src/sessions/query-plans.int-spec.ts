import { type ClaimParticipantResponse, type CreateSessionResponse, SUBJECTS } from '@idv/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { RetentionSweeper } from '../retention/retention.sweeper';
import { DAY_MS, type SessionsHarness, TestClock, startSessions, uniqueDatabaseUri, twoPeople } from '../testing/sessions-harness';

const S = SUBJECTS.sessions;
const READS_AND_WRITES = new Set(['find', 'update', 'delete', 'findAndModify', 'aggregate', 'count', 'distinct', 'insert']);

interface SeenCommand {
  commandName: string;
  command: Record<string, unknown>;
}

/** Did the database answer this find from an index? FerretDB shows SQLite's plan, MongoDB its own. */
function usesAnIndex(explained: Record<string, unknown>): boolean {
  const plan = JSON.stringify(explained['queryPlanner'] ?? {});
  return /USING INDEX|IDHACK|IXSCAN|EXPRESS_IXSCAN|EXPRESS/.test(plan) && !/(^|[^A-Z_])SCAN |COLLSCAN/.test(plan);
}

/** `{ _id: <string> }` or `{ _id: { $in: [<string>, ...] } }` (look-ups batched by read-by-id.ts). */
const isIdAlone = (filter: unknown) => {
  if (typeof filter !== 'object' || filter === null || Object.keys(filter).length !== 1) return false;
  const id = (filter as { _id?: unknown })._id;
  if (typeof id === 'string') return true;
  const inList = typeof id === 'object' && id !== null && Object.keys(id).length === 1 ? (id as { $in?: unknown }).$in : undefined;
  return Array.isArray(inList) && inList.length > 0 && inList.every((value) => typeof value === 'string');
};
const isIdList = (filter: unknown) => isIdAlone(filter) && typeof (filter as { _id: unknown })._id !== 'string';

describe('query plans: every query svc-sessions makes costs the same at any size (integration)', () => {
  const clock = new TestClock(new Date('2026-03-01T00:00:00Z'));
  let h: SessionsHarness;

  beforeAll(async () => {
    // The driver reports every command it sends (monitorCommands is read when it connects).
    h = await startSessions({ databaseUri: `${uniqueDatabaseUri('sessions_plans')}?monitorCommands=true`, clock });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('reads and deletes by _id alone through the _id index, inserts, and reads nothing else but the bounded retention batch', async () => {
    const connection = h.service.get<Connection>(getConnectionToken());
    const client = connection.getClient();
    const seen: SeenCommand[] = [];
    const listener = (event: SeenCommand) => READS_AND_WRITES.has(event.commandName) && seen.push({ commandName: event.commandName, command: event.command });
    client.on('commandStarted', listener);
    try {
      // Every use case: create, read, claim, decline, submit, cancel; then retention.
      for (const last of ['decline', 'submit', 'cancel'] as const) {
        const { session, initiatorToken } = await h.send<CreateSessionResponse>(S.create, twoPeople());
        const [ana, bo] = session.participants;
        await h.send(S.get, { sessionId: session._id, token: initiatorToken });
        const { participantToken } = await h.send<ClaimParticipantResponse>(S.claim, {
          termsAccepted: true,
          sessionId: session._id,
          participantId: bo._id,
          email: bo.email,
        });
        if (last === 'decline') await h.send(S.decline, { sessionId: session._id, participantId: bo._id, token: participantToken });
        if (last === 'submit') await h.send(S.beginVerification, { sessionId: session._id, participantId: bo._id, token: participantToken });
        if (last === 'cancel') await h.send(S.cancel, { sessionId: session._id, token: initiatorToken, initiatorId: ana._id, reason: 'Plans changed' });
      }
      await h.sendError(S.get, { sessionId: 'ZZZZZZZZZZZZ' });
      clock.advance(31 * DAY_MS);
      expect((await h.service.get(RetentionSweeper).sweep()).sessions).toBe(3);
    } finally {
      client.off('commandStarted', listener);
    }

    const kinds = new Set(seen.map((c) => c.commandName));
    expect([...kinds].sort()).toEqual(['delete', 'find', 'insert']);
    const database = connection.db!;
    const finds = seen.filter((c) => c.commandName === 'find');
    let idReads = 0;
    for (const { command } of finds) {
      const { find, filter, limit } = command as { find: string; filter: unknown; limit?: number };
      if (isIdAlone(filter)) {
        const explained = await database.command({ explain: { find, filter, limit: 1 }, verbosity: 'queryPlanner' });
        if (!usesAnIndex(explained)) throw new Error(`find on ${find} by _id is not served by an index: ${JSON.stringify(explained['queryPlanner'])}`);
        idReads++;
      } else {
        // The retention sweep's read of the oldest documents: no filter, a small limit.
        expect({ find, filter, limit }).toEqual({ find, filter: {}, limit: 200 });
      }
    }
    expect(idReads).toBeGreaterThan(20);
    // A session read batches its records' look-ups (read-by-id.ts): some finds are `$in` lists.
    expect(finds.filter((c) => isIdList(c.command['filter'])).length).toBeGreaterThan(5);
    for (const { command } of seen.filter((c) => c.commandName === 'delete')) {
      for (const statement of command['deletes'] as { q: unknown }[]) expect(isIdAlone(statement.q)).toBe(true);
    }
  });
});
