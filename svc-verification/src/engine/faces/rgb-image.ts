/** Raw pixels as the face model takes them: 3 bytes (red, green, blue) a pixel, row by row. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}
