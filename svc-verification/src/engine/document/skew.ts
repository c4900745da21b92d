import sharp from 'sharp';
import { ocrPng } from './ocr-png';

/** A text line's baseline as tesseract reports it, in pixels. */
export interface Baseline {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Lines shorter than this say little about the page's angle (a few characters of a label). */
const MIN_BASELINE_PX = 120;

/** Below this a re-read of the turned image reads the same: a clean photo is rarely straighter. */
export const SKEW_WORTH_CORRECTING_DEGREES = 1;

/**
 * How far the text of a photographed document is turned, in degrees (positive: clockwise), from
 * the baselines of its lines: the median angle of the long ones. A card photographed 3-5° off
 * level reads its zone with wrong characters; turned back by this angle it reads cleanly
 * (docs/accuracy.md). 0 when no line is long enough to tell.
 */
export function skewFromBaselines(baselines: Baseline[]): number {
  const angles = baselines
    .filter((b) => Math.hypot(b.x1 - b.x0, b.y1 - b.y0) >= MIN_BASELINE_PX && b.x1 > b.x0)
    .map((b) => (Math.atan2(b.y1 - b.y0, b.x1 - b.x0) * 180) / Math.PI)
    .sort((a, b) => a - b);
  return angles.length === 0 ? 0 : angles[Math.floor(angles.length / 2)];
}

/** The image turned back by `skewDegrees`, the corners filled grey, as PNG. */
export function deskew(image: Buffer, skewDegrees: number): Promise<Buffer> {
  return ocrPng(sharp(image).rotate(-skewDegrees, { background: '#808080' }));
}
