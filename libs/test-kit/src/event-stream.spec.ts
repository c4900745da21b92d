import { readEventStream } from './event-stream';

function streamOf(...chunks: string[]): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
  );
}

describe('readEventStream', () => {
  it('hands over each event whole, however the bytes are split', async () => {
    const events: { event?: string; data: string }[] = [];
    await readEventStream(streamOf('event: session\nda', 'ta: {"a":1}\n\n: keep-alive\n\nevent: session\ndata: {"b":2}\n\n'), (e) => events.push(e));
    expect(events.map(({ event, data }) => ({ event, data }))).toEqual([
      { event: 'session', data: '{"a":1}' },
      { event: 'session', data: '{"b":2}' },
    ]);
  });

  it('ends without an error when the request is aborted', async () => {
    const stream = new ReadableStream<Uint8Array>({ start: (controller) => setTimeout(() => controller.error(new Error('aborted')), 5) });
    await expect(readEventStream(new Response(stream), () => undefined)).resolves.toBeUndefined();
  });
});
