import { ACCEPTED_IMAGE_TYPES, LIMITS } from '@idv/contracts';

export type ImageProblem = 'too_large' | 'invalid_type' | 'unreadable';

/** The `verify` namespace message for each problem (too large, wrong type, and an unreadable image). */
export const IMAGE_PROBLEM_MESSAGES: Record<ImageProblem, string> = {
  too_large: 'verify.fileTooLarge',
  invalid_type: 'verify.invalidType',
  unreadable: 'verify.unreadableImage',
};

/** A file the browser will not send, and why. */
export class ImageRejected extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
    this.name = 'ImageRejected';
  }
}

/** What a chosen file must be before it is even decoded: an accepted type, at most 10 MB. */
export function fileProblem(file: { type: string; size: number }): ImageProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalid_type';
  if (file.size > LIMITS.uploadMaxBytes) return 'too_large';
  return null;
}

/** The size an image is drawn at so its long edge is at most `longEdge` (never enlarged). */
export function fitWithin(width: number, height: number, longEdge: number = LIMITS.uploadLongEdgePx): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const JPEG_QUALITY = 0.9;

/**
 * A chosen photo as the JPEG data URL that is uploaded: checked, decoded (EXIF orientation
 * applied), downscaled to a long edge of at most 2000 px and re-encoded. Nothing leaves the
 * browser until submit.
 */
export async function prepareImage(file: File): Promise<string> {
  const problem = fileProblem(file);
  if (problem) throw new ImageRejected(problem);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageRejected('unreadable');
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new ImageRejected('unreadable');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
  } finally {
    bitmap.close();
  }
}
