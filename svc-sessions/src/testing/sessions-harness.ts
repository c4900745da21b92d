import { type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import { getModelToken } from '@nestjs/mongoose';
import {
  type ClaimParticipantResponse,
  type CreateSessionRequest,
  type CreateSessionResponse,
  type ParticipantView,
  QUEUE_GROUPS,
  SUBJECTS,
  type VerificationStatusEvent,
  verificationStatusSubject,
} from '@idv/contracts';
import { ensureVerificationStatusStream, natsConnectionOptions } from '@idv/service-kit';
import { randomBytes } from 'node:crypto';
import type { Model } from 'mongoose';
import { JSONCodec, type NatsConnection, connect } from 'nats';
import { firstValueFrom } from 'rxjs';
import { AppModule } from '../app.module';
import { Clock } from '../clock/clock';
import { loadSessionsEnv } from '../config/env';
import { Transition } from '../sessions/schemas/transition.schema';
import { Session } from '../sessions/schemas/session.schema';
import { TEST_SESSIONS_SECRET, twoPeople } from './fixtures';

export { DAY_MS, TEST_SESSIONS_SECRET, TestClock, statusEvent, twoPeople } from './fixtures';

/** Reads until `accept` holds or `timeoutMs` pass, and answers the last value read. */
export async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A verification result on the JetStream status stream, as svc-verification publishes it. */
export async function publishStatusEvent(nats: NatsConnection, event: VerificationStatusEvent): Promise<void> {
  await nats.jetstream().publish(verificationStatusSubject(event.sessionId, event.participantId), JSONCodec().encode(event), { msgID: event.eventId });
}

/** Each suite gets a database of its own on the real server the test run started. */
export function uniqueDatabaseUri(suite: string): string {
  const base = process.env.MONGODB_URI;
  if (!base || !process.env.NATS_URL) throw new Error('Integration tests need NATS_URL and MONGODB_URI: run them through `npm test`.');
  const url = new URL(base);
  url.pathname = `/${suite}_${randomBytes(3).toString('hex')}`;
  return url.toString();
}

export interface SessionsHarness {
  service: INestMicroservice;
  client: ClientProxy;
  sessions: Model<Session>;
  transitions: Model<Transition>;
  send<T>(subject: string, payload: unknown): Promise<T>;
  sendError(subject: string, payload: unknown): Promise<{ code: string; message: string; fields?: Record<string, string> }>;
  /** A new session of `body` (Ana and Bo by default) in which Bo, the second person, has claimed his place with `boToken`. */
  withBoClaimed(body?: CreateSessionRequest): Promise<CreateSessionResponse & { bo: ParticipantView; boToken: string }>;
  close(): Promise<void>;
}

interface StartOptions {
  databaseUri: string;
  clock: Clock;
  sweepIntervalMs?: number;
  natsUrl?: string;
  checkDeadlineMs?: number;
}

/** svc-sessions in this process, on the real NATS and database, with a test clock. */
export async function startSessions(options: StartOptions): Promise<SessionsHarness> {
  const env = loadSessionsEnv({
    ...process.env,
    ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}),
    MONGODB_URI: options.databaseUri,
    PUBLIC_APP_URL: 'https://idv.example.com',
    SESSIONS_SECRET: TEST_SESSIONS_SECRET,
    RETENTION_SWEEP_INTERVAL_MS: String(options.sweepIntervalMs ?? 3600000),
    ...(options.checkDeadlineMs ? { CHECK_DEADLINE_MS: String(options.checkDeadlineMs) } : {}),
  });
  const service = await NestFactory.createMicroservice(AppModule.forRoot(env, options.clock), {
    transport: Transport.NATS,
    options: { ...natsConnectionOptions(env.NATS_URL, 'svc-sessions'), queue: QUEUE_GROUPS.sessions },
    logger: false,
  });
  await service.listen();
  const client = ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectionOptions(env.NATS_URL, 'sessions-test-client') });
  await client.connect();
  const send = <T>(subject: string, payload: unknown) => firstValueFrom(client.send<T>(subject, payload));
  return {
    service,
    client,
    sessions: service.get(getModelToken(Session.name)),
    transitions: service.get(getModelToken(Transition.name)),
    send,
    async sendError(subject, payload) {
      try {
        await send(subject, payload);
      } catch (error) {
        return error as { code: string; message: string };
      }
      throw new Error(`${subject} succeeded where an error was expected`);
    },
    async withBoClaimed(body = twoPeople()) {
      const created = await send<CreateSessionResponse>(SUBJECTS.sessions.create, body);
      const bo = created.session.participants[1];
      const claim = { sessionId: created.session._id, participantId: bo._id, email: bo.email, termsAccepted: true };
      const { participantToken } = await send<ClaimParticipantResponse>(SUBJECTS.sessions.claim, claim);
      return { ...created, bo, boToken: participantToken };
    },
    async close() {
      await client.close();
      await service.close();
    },
  };
}

/** The harness of one suite, and a NATS connection of the test's own (to publish verification results on). */
export interface SuiteSessions extends SessionsHarness {
  nats: NatsConnection;
  /** Starts svc-sessions again, on the same database, after `close()`: what is stored must carry it on. */
  restart(): Promise<void>;
}

/**
 * svc-sessions for one suite (`describe`): started before its first test on a database of its own named after `suite`,
 * with the JetStream stream of verification results in place, and closed after its last test. The object answered is
 * filled in by the suite's `beforeAll`: use it inside tests and hooks only.
 */
export function sessionsForSuite(suite: string, options: Omit<StartOptions, 'databaseUri'> & { databaseUri?: string }): SuiteSessions {
  const startOptions = { databaseUri: uniqueDatabaseUri(suite), ...options };
  const harness = {} as SuiteSessions;
  beforeAll(async () => {
    const nats = await connect({ servers: process.env.NATS_URL });
    await ensureVerificationStatusStream(await nats.jetstreamManager(), 1);
    const restart = async () => void Object.assign(harness, await startSessions(startOptions));
    Object.assign(harness, await startSessions(startOptions), { nats, restart });
  });
  afterAll(async () => {
    await harness.close?.();
    await harness.nats?.drain();
  });
  return harness;
}
