import { getModelToken } from '@nestjs/mongoose';
import { RpcException } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import type { ServiceError } from '@idv/contracts';
import { Clock } from '../clock/clock';
import { SESSIONS_ENV, loadSessionsEnv } from '../config/env';
import { NatsConnectionProvider } from '@idv/service-kit';
import { PlaceHandoff } from '../sessions/place-handoff.service';
import { type PublishedResult, PublishedResults } from '../sessions/published-results';
import { Session } from '../sessions/schemas/session.schema';
import { Transition } from '../sessions/schemas/transition.schema';
import { SESSIONS_PROVIDERS } from '../sessions/sessions.module';
import { SessionsService } from '../sessions/sessions.service';
import { InMemoryModel } from './in-memory-model';
import { TEST_SESSIONS_SECRET, TestClock } from './fixtures';

/** What the result stream answers, set by the test (the deadline asks it before deciding). */
class StubPublishedResults {
  answer: PublishedResult = { none: true };
  async last(): Promise<PublishedResult> {
    return this.answer;
  }
}

/**
 * svc-sessions' use cases built by Nest as the service builds them, with the database and NATS
 * replaced: records in memory (InMemoryModel), a result stream the test answers, broadcasts that
 * go nowhere, and a clock the test moves. Unit tests of the rules; the integration tests run them
 * against the real NATS and database.
 */
export async function sessionsUnderTest(env: Record<string, string> = {}) {
  const clock = new TestClock();
  const results = new StubPublishedResults();
  const sessions = new InMemoryModel<Session>();
  const transitions = new InMemoryModel<Transition>();
  const module = await Test.createTestingModule({
    providers: [
      ...SESSIONS_PROVIDERS,
      { provide: getModelToken(Session.name), useValue: sessions },
      { provide: getModelToken(Transition.name), useValue: transitions },
      { provide: PublishedResults, useValue: results },
      { provide: NatsConnectionProvider, useValue: { get: async () => ({ publish: () => undefined }) } },
      { provide: SESSIONS_ENV, useValue: loadSessionsEnv({ SESSIONS_SECRET: TEST_SESSIONS_SECRET, SESSION_CACHE_TTL_MS: '0', ...env }) },
      { provide: Clock, useValue: clock },
    ],
  }).compile();
  return { service: module.get(SessionsService), handoff: module.get(PlaceHandoff), clock, results, stored: { sessions, transitions } };
}

/** The error a call was refused with, as the gateway gets it. */
export async function refusal(call: Promise<unknown>): Promise<ServiceError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof RpcException) return error.getError() as ServiceError;
    throw error;
  }
  throw new Error('the call was not refused');
}
