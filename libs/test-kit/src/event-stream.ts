import { type EventSourceMessage, createParser } from 'eventsource-parser';

/**
 * Reads a server-sent event stream (a fetch response with a body) and hands each event to `onEvent`, until the stream
 * ends or its request is aborted. Resolves then; rejects only when the response has no body.
 */
export async function readEventStream(response: Response, onEvent: (event: EventSourceMessage) => void): Promise<void> {
  if (!response.body) throw new Error(`the event stream answered ${response.status} without a body`);
  const parser = createParser({ onEvent });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) parser.feed(part.value);
  } catch {
    // aborted: the test closed the stream
  }
}
