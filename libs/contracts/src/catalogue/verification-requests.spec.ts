import { validateRequest } from './field-errors';
import { IMAGE_DATA_URL_MAX_LENGTH, VerificationSubmissionSchema } from './verification-requests';

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
    expect(parseVerificationSubmission({ ...valid, realName: huge })).toEqual({ ok: false, fields: { realName: 'Please enter a valid name (2-50 characters)' } });
    expect(parseVerificationSubmission({ ...valid, proofOfLife: huge })).toEqual({ ok: false, fields: { proofOfLife: 'proofOfLife must be text' } });
    expect(parseVerificationSubmission({ ...valid, realName: 'Bo\u202eiL' })).toMatchObject({ ok: false, fields: { realName: expect.any(String) } });
  });
});
