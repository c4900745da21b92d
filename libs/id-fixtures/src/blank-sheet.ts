import { createCanvas } from '@napi-rs/canvas';

/** A blank sheet of `width` x `height` px in `colour`, to draw a document or a page on: its canvas and 2D context. */
export function blankSheet(width: number, height: number, colour: string) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = colour;
  context.fillRect(0, 0, width, height);
  return { canvas, context };
}
