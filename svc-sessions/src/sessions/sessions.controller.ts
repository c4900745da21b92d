import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS } from '@idv/contracts';
import type { RpcPayload, RpcReply } from '@idv/contracts/catalogue';
import { CataloguePayload } from '@idv/service-kit';
import { LivenessChallenges } from './liveness-challenges.service';
import { PlaceHandoff } from './place-handoff.service';
import { SessionsService } from './sessions.service';

const { sessions: subject } = SUBJECTS;
type Handler<S extends keyof RpcSubjects> = Promise<RpcReply<RpcSubjects[S]>>;
type RpcSubjects = typeof SUBJECTS.sessions;

/** The request/reply subjects of svc-sessions; each payload is validated by its catalogue schema first. */
@Controller()
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly handoff: PlaceHandoff,
    private readonly liveness: LivenessChallenges,
  ) {}

  @MessagePattern(subject.create)
  create(@Payload(new CataloguePayload(subject.create)) request: RpcPayload<typeof subject.create>): Handler<'create'> {
    return this.sessions.create(request);
  }

  @MessagePattern(subject.get)
  get(@Payload(new CataloguePayload(subject.get)) query: RpcPayload<typeof subject.get>): Handler<'get'> {
    return this.sessions.get(query);
  }

  @MessagePattern(subject.claim)
  claim(@Payload(new CataloguePayload(subject.claim)) command: RpcPayload<typeof subject.claim>): Handler<'claim'> {
    return this.sessions.claim(command);
  }

  @MessagePattern(subject.release)
  release(@Payload(new CataloguePayload(subject.release)) command: RpcPayload<typeof subject.release>): Handler<'release'> {
    return this.sessions.release(command);
  }

  @MessagePattern(subject.cancel)
  cancel(@Payload(new CataloguePayload(subject.cancel)) command: RpcPayload<typeof subject.cancel>): Handler<'cancel'> {
    return this.sessions.cancel(command);
  }

  @MessagePattern(subject.decline)
  decline(@Payload(new CataloguePayload(subject.decline)) command: RpcPayload<typeof subject.decline>): Handler<'decline'> {
    return this.sessions.decline(command);
  }

  @MessagePattern(subject.beginVerification)
  beginVerification(
    @Payload(new CataloguePayload(subject.beginVerification)) command: RpcPayload<typeof subject.beginVerification>,
  ): Handler<'beginVerification'> {
    return this.sessions.beginVerification(command);
  }

  @MessagePattern(subject.offerHandoff)
  offerHandoff(@Payload(new CataloguePayload(subject.offerHandoff)) command: RpcPayload<typeof subject.offerHandoff>): Handler<'offerHandoff'> {
    return this.handoff.offer(command);
  }

  @MessagePattern(subject.redeemHandoff)
  redeemHandoff(@Payload(new CataloguePayload(subject.redeemHandoff)) command: RpcPayload<typeof subject.redeemHandoff>): Handler<'redeemHandoff'> {
    return this.handoff.redeem(command);
  }

  @MessagePattern(subject.issueLivenessChallenge)
  issueLivenessChallenge(
    @Payload(new CataloguePayload(subject.issueLivenessChallenge)) command: RpcPayload<typeof subject.issueLivenessChallenge>,
  ): Handler<'issueLivenessChallenge'> {
    return this.liveness.issue(command);
  }

  @MessagePattern(subject.place)
  place(@Payload(new CataloguePayload(subject.place)) command: RpcPayload<typeof subject.place>): Handler<'place'> {
    return this.handoff.place(command);
  }
}
