import { parseVerificationSubmission } from './verification-submission';

const image = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const valid = { realName: 'Ana Pérez', idDocumentFront: image, idDocumentBack: image, selfie: image, proofOfLife: '' };

describe('parseVerificationSubmission', () => {
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
});
