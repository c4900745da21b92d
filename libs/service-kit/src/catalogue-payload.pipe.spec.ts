import { RpcException } from '@nestjs/microservices';
import { SUBJECTS } from '@idv/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { of } from 'rxjs';
import { CataloguePayload } from './catalogue-payload.pipe';
import { RpcClient } from './rpc-client';

const participantId = 'A'.repeat(22);

describe('CataloguePayload', () => {
  const pipe = new CataloguePayload(SUBJECTS.sessions.claim);

  it('hands the handler the clean value', () => {
    expect(pipe.transform({ sessionId: '7q2x9t4k0w1m', participantId, termsAccepted: true })).toEqual({
      sessionId: '7Q2X9T4K0W1M',
      participantId,
      termsAccepted: true,
      token: undefined,
    });
  });

  it("answers a bad payload with the service error shape: validation_failed, or the field's own code", () => {
    const refused = (payload: unknown) => {
      try {
        pipe.transform(payload);
      } catch (error) {
        return (error as RpcException).getError();
      }
      throw new Error('accepted');
    };
    expect(refused({ sessionId: '7Q2X9T4K0W1M', participantId, termsAccepted: 'yes' })).toEqual({
      code: 'validation_failed',
      message: 'termsAccepted must be true (the terms were accepted) or false (claiming only to decline)',
      fields: { termsAccepted: 'termsAccepted must be true (the terms were accepted) or false (claiming only to decline)' },
    });
    expect(refused(null)).toMatchObject({ code: 'validation_failed' });
    expect(() => new CataloguePayload(SUBJECTS.sessions.offerHandoff).transform({ sessionId: '7Q2X9T4K0W1M', participantId })).toThrow(RpcException);
  });
});

describe('RpcClient', () => {
  it('sends the payload on its subject and answers the reply', async () => {
    const sent: unknown[] = [];
    const proxy = { send: (subject: string, payload: unknown) => (sent.push([subject, payload]), of({ held: true })) } as unknown as ClientProxy;
    const client = new RpcClient(proxy, 1000);
    await expect(client.request(SUBJECTS.sessions.place, { sessionId: '7Q2X9T4K0W1M', participantId, token: 'T'.repeat(43) })).resolves.toEqual({ held: true });
    expect(sent).toEqual([[SUBJECTS.sessions.place, { sessionId: '7Q2X9T4K0W1M', participantId, token: 'T'.repeat(43) }]]);
  });

  it('does not compile with a payload of the wrong shape (checked by npm run typecheck)', () => {
    const client = new RpcClient({ send: () => of({}) } as unknown as ClientProxy, 1000);
    // @ts-expect-error sessionId must be text
    void client.request(SUBJECTS.sessions.get, { sessionId: 7 });
    // @ts-expect-error a claim says whether the terms were accepted
    void client.request(SUBJECTS.sessions.claim, { sessionId: '7Q2X9T4K0W1M', participantId });
    // @ts-expect-error not a subject of the catalogue
    void client.request('sessions.drop-everything.v1', {});
  });
});
