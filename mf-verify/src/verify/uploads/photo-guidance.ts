import { type PhotoProblem, WORKING_LONG_EDGE, assessDocumentPhoto } from '@idv/photo-checks';

/**
 * What to tell the person about a document photo before it is sent (libs/photo-checks): too dark,
 * a reflection, blurred, too far away. Measured on the photo as it will be sent, brought to
 * WORKING_LONG_EDGE on a canvas. Nothing when the browser cannot draw it (the photo is still taken).
 */
export async function documentPhotoAdvice(dataUrl: string): Promise<PhotoProblem[]> {
  try {
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    const scale = Math.min(1, WORKING_LONG_EDGE / Math.max(image.naturalWidth, image.naturalHeight));
    const width = Math.max(1, Math.round(image.naturalWidth * scale));
    const height = Math.max(1, Math.round(image.naturalHeight * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return [];
    context.drawImage(image, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return assessDocumentPhoto({ data, width, height, channels: 4 }).problems;
  } catch {
    return [];
  }
}
