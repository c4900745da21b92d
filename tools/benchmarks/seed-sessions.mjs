/**
 * Fills the database with `count` stored sessions (participants inside) straight through the driver (not the API), in
 * the shapes svc-sessions writes (its built schemas validate a sample of each kind first), with a
 * mix of states: waiting, claimed, decided, declined, cancelled. Created over the last 29 days, so
 * none is due for retention while the benchmark runs. As in a store that has been in use: every
 * submission has its decision, a result or, for a check whose result was lost, the `check_timeout`
 * that the first read after its deadline records (without it, that first read would write it).
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';

const require = createRequire(import.meta.url);
const mongoose = require('mongoose');
const schemas = path.join(ROOT, 'svc-sessions/dist/sessions/schemas');
const { SessionSchema } = require(path.join(schemas, 'session.schema.js'));
const { TransitionSchema } = require(path.join(schemas, 'transition.schema.js'));
const { verificationReason } = require('@idv/contracts');

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 2000;

export const randomSessionId = () => Array.from(crypto.randomBytes(12), (b) => CROCKFORD[b & 31]).join('');
const participantId = () => crypto.randomBytes(16).toString('base64url');
const hash = () => crypto.randomBytes(32).toString('hex');

/** One stored session and everything recorded for it; `state` picks where it got to. */
function sessionDocuments(index, now) {
  const createdAt = new Date(now - ((index * 7919) % (29 * DAY_MS)));
  const deleteAt = new Date(createdAt.getTime() + 30 * DAY_MS);
  const ids = Array.from({ length: index % 5 === 0 ? 3 : 2 }, participantId);
  const sessionId = randomSessionId();
  const session = {
    _id: sessionId,
    initiator: `Seeded Person ${index}`,
    initiatorParticipantId: ids[0],
    participants: ids.map((_id, position) => ({ _id, position, name: `Seeded ${index}-${position}`, email: `seeded${index}.${position}@example.com` })),
    initiatorTokenHash: hash(),
    purpose: 'Seeded for the benchmark',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 7 * DAY_MS),
    deleteAt,
  };
  const transitions = [];
  const record = (kind, subject, to, extra = {}) => transitions.push({ _id: `${kind}:${subject}`, sessionId, to, ...extra, createdAt, deleteAt });
  const state = index % 10; // 0-2 waiting, 3 claimed, 4-7 decided (5: a lost result timed out), 8 declined, 9 cancelled
  if (state >= 3) ids.slice(1).forEach((id) => record('claim', id, 'claimed', { tokenHash: hash() }));
  if (state >= 4 && state <= 7) ids.forEach((id) => record('respond', id, 'submitted'));
  if (state >= 4 && state <= 7) ids.forEach((id, i) => record('decide', id, ...decision(state, i, createdAt)));
  if (state === 8) record('respond', ids[1], 'declined');
  if (state === 9) record('cancel', sessionId, 'cancelled', { reason: 'Seeded' });
  return { session, transitions };
}

/** What a participant's submission ended with: state 7 has one failure, state 5 a check that timed out. */
function decision(state, position, createdAt) {
  // decided at the check's deadline (CHECK_DEADLINE_MS, 90 s by default) after the submission
  if (state === 5) return ['failed', { result: { decidedAt: new Date(createdAt.getTime() + 90_000), reasons: [verificationReason('check_timeout')] } }];
  return [state === 7 && position === 1 ? 'failed' : 'verified', { result: { decidedAt: createdAt, reasons: [] } }];
}

/** Seeds `count` sessions; returns their ids. */
export async function seedSessions(mongoUri, count, now = Date.now()) {
  const connection = await mongoose.createConnection(mongoUri).asPromise();
  try {
    const models = {
      session: connection.model('Session', SessionSchema),
      transition: connection.model('Transition', TransitionSchema),
    };
    // The seeded shapes must be what svc-sessions writes: its schemas check one of each kind.
    for (let index = 0; index < 10; index++) {
      const sample = sessionDocuments(index, now);
      for (const [kind, docs] of [
        ['session', [sample.session]],
        ['transition', sample.transitions],
      ]) {
        for (const doc of docs) {
          const error = new models[kind](doc).validateSync();
          if (error) throw new Error(`seeded ${kind} does not match its schema: ${error.message}`);
        }
      }
    }
    const ids = [];
    for (let start = 0; start < count; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => sessionDocuments(start + i, now));
      ids.push(...batch.map((b) => b.session._id));
      await Promise.all([
        models.session.collection.insertMany(
          batch.map((b) => b.session),
          { ordered: false },
        ),
        models.transition.collection.insertMany(
          batch.flatMap((b) => b.transitions),
          { ordered: false },
        ),
      ]);
    }
    return ids;
  } finally {
    await connection.close();
  }
}
