import { TimeoutError } from 'rxjs';
import { toApiError } from './service-client';

describe('toApiError', () => {
  it('keeps a service error code and its fields', () => {
    const error = toApiError({ code: 'session_full', message: 'Session is full. Maximum 2 participants allowed.' });
    expect(error.getStatus()).toBe(409);
    expect(error.code).toBe('session_full');
    const validation = toApiError({ code: 'validation_failed', message: 'x', fields: { purpose: 'x' } });
    expect(validation.fields).toEqual({ purpose: 'x' });
  });

  it('maps nobody listening to 503 and a timeout to 504', () => {
    expect(toApiError(new Error('There are no subscribers listening to that message ("sessions.get.v1")')).getStatus()).toBe(503);
    expect(toApiError(new TimeoutError()).getStatus()).toBe(504);
  });

  it('maps an oversized NATS message to 413', () => {
    expect(toApiError(new Error('MAX_PAYLOAD_EXCEEDED')).code).toBe('payload_too_large');
  });

  it('does not trust an unknown code from the wire', () => {
    expect(toApiError({ code: 'teapot', message: 'no' }).code).toBe('service_unavailable');
  });
});
