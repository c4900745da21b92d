import { validateRequest } from './field-errors';
import { LIMITS } from '../limits';
import { FRAME_DATA_URL_MAX_LENGTH, IMAGE_DATA_URL_MAX_LENGTH, VerificationSubmissionSchema } from './verification-requests';

const parseVerificationSubmission = (body: unknown) => validateRequest(VerificationSubmissionSchema, body);

const image = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const valid = { realName: 'Ana Pérez', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' };

describe('VerificationSubmissionSchema', () => {
  it('accepts a complete submission', () => {
    expect(parseVerificationSubmission(valid)).toEqual({ ok: true, value: valid });
  });

  it('names missing and malformed parts', () => {
    expect(parseVerificationSubmission({ ...valid, realName: ' ', idDocumentBack: '', selfie: 'http://x/y.jpg' })).toEqual({
      ok: false,
      fields: {
        realName: 'Please enter your full legal name',
        idDocumentBack: 'Please upload both front and back sides of your ID document.',
        selfie: 'Invalid file type. Please select a valid document.',
      },
      fieldCodes: { realName: 'real_name_required' },
    });
  });

  it('refuses unknown fields and operators', () => {
    const result = parseVerificationSubmission({ ...valid, status: 'verified', realName: { $gt: '' } });
    expect(result).toMatchObject({ ok: false, fields: { status: 'Unknown field: status', realName: 'Please enter your full legal name' } });
  });

  it('refuses an image too long to be within the size limit as image_too_large, unread', () => {
    const header = 'data:image/jpeg;base64,';
    const atLimit = header + 'A'.repeat(IMAGE_DATA_URL_MAX_LENGTH - header.length);
    expect(parseVerificationSubmission({ ...valid, selfie: atLimit }).ok).toBe(true);
    expect(parseVerificationSubmission({ ...valid, selfie: `${atLimit}A` })).toEqual({
      ok: false,
      code: 'image_too_large',
      fields: { selfie: 'File is too large. Please select a smaller file.' },
    });
  });

  it('refuses a data URL whose header or payload is not base64 image data', () => {
    for (const selfie of ['data:image/jpeg;base64,abc!', 'data:text/html;base64,AAAA', `data:image/${'x'.repeat(40)};base64,AAAA`, 'data:image/png;base64,']) {
      expect(parseVerificationSubmission({ ...valid, selfie })).toEqual({
        ok: false,
        fields: { selfie: 'Invalid file type. Please select a valid document.' },
      });
    }
  });

  it('refuses 10 MB in the name, 10 MB of proof of life, and a name with a bidirectional override', () => {
    const huge = 'a'.repeat(10 * 1024 * 1024);
    expect(parseVerificationSubmission({ ...valid, realName: huge })).toEqual({
      ok: false,
      fields: { realName: 'Please enter a valid name (2-50 characters)' },
      fieldCodes: { realName: 'real_name_invalid' },
    });
    expect(parseVerificationSubmission({ ...valid, proofOfLife: huge })).toEqual({ ok: false, fields: { proofOfLife: 'proofOfLife must be text' } });
    expect(parseVerificationSubmission({ ...valid, realName: 'Bo\u202eiL' })).toMatchObject({ ok: false, fields: { realName: expect.any(String) } });
  });

  describe('a liveness capture in proofOfLife', () => {
    const capture = {
      challenge: 'lc1.terms.signature',
      frames: [
        { step: 'face_camera', image },
        { step: 'turn_left', image, flow: true },
        { step: 'turn_left', image },
      ],
    };

    it('is taken as sent', () => {
      expect(parseVerificationSubmission({ ...valid, proofOfLife: capture })).toEqual({ ok: true, value: { ...valid, proofOfLife: capture } });
    });

    it('names what is wrong in it, where it is', () => {
      const unknownStep = { ...capture, frames: [{ step: 'smile', image }] };
      expect(parseVerificationSubmission({ ...valid, proofOfLife: unknownStep })).toMatchObject({
        ok: false,
        fields: { 'proofOfLife.frames[0].step': expect.any(String) },
      });
      const flowNotTrue = { ...capture, frames: [{ step: 'turn_left', image, flow: false }] };
      expect(parseVerificationSubmission({ ...valid, proofOfLife: flowNotTrue })).toMatchObject({
        ok: false,
        fields: { 'proofOfLife.frames[0].flow': expect.stringContaining('flow?') },
      });
      expect(parseVerificationSubmission({ ...valid, proofOfLife: { frames: capture.frames } })).toMatchObject({
        ok: false,
        fields: { 'proofOfLife.challenge': expect.any(String) },
      });
      expect(parseVerificationSubmission({ ...valid, proofOfLife: { ...capture, extra: 1 } })).toMatchObject({
        ok: false,
        fields: { 'proofOfLife.extra': 'Unknown field: extra' },
      });
      expect(parseVerificationSubmission({ ...valid, proofOfLife: 42 })).toMatchObject({
        ok: false,
        fields: { proofOfLife: expect.stringContaining('liveness capture') },
      });
    });

    it(`holds at most ${LIMITS.livenessFramesMax} frames, each refused by its length before it is decoded`, () => {
      const many = { ...capture, frames: Array.from({ length: LIMITS.livenessFramesMax + 1 }, () => capture.frames[0]) };
      expect(parseVerificationSubmission({ ...valid, proofOfLife: many })).toMatchObject({ ok: false, fields: { 'proofOfLife.frames': expect.any(String) } });
      const header = 'data:image/jpeg;base64,';
      const tooLong = { ...capture, frames: [{ step: 'face_camera', image: header + 'A'.repeat(FRAME_DATA_URL_MAX_LENGTH - header.length + 1) }] };
      expect(parseVerificationSubmission({ ...valid, proofOfLife: tooLong })).toEqual({
        ok: false,
        code: 'image_too_large',
        fields: { 'proofOfLife.frames[0].image': 'File is too large. Please select a smaller file.' },
      });
    });
  });
});
