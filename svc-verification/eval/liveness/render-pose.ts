import { type Image, type SKRSContext2D, createCanvas } from '@napi-rs/canvas';

/**
 * Renders a picture as seen from another angle, by warping a triangle mesh laid over it: the face
 * mesh of a photo (its 468 points with the depth the face model estimates) to turn a head, or a flat
 * or bent grid to turn a sheet of paper or a screen. Each triangle is drawn with the affine map
 * that carries it from the source to the posed position, farthest first.
 *
 * Limits, stated in docs/liveness.md: a head turned this way keeps its source photo's lighting,
 * shows nothing the photo did not (the far cheek is stretched, not revealed), and its depth is the
 * face model's estimate: the same model the decision reads. So the genuine sequences show how the
 * decision treats heads with the depth of an average face, not how live people move.
 */
export type Point3 = [number, number, number];

export interface Pose {
  /** Turn about the vertical axis, radians; negative turns the head to its own left (nose toward the image's right). */
  yaw?: number;
  /** Tilt about the horizontal axis, radians; negative looks up. */
  pitch?: number;
  /** Turn in the image plane, radians. */
  roll?: number;
  /** Moves after turning, in pixels. */
  dx?: number;
  dy?: number;
  /** Brought closer (above 1) or taken away. */
  scale?: number;
}

/** Points turned about `centre` and projected from a camera `distance` pixels in front of it. */
export function posed(points: readonly Point3[], pose: Pose, centre: Point3, distance: number): Point3[] {
  const { yaw = 0, pitch = 0, roll = 0, dx = 0, dy = 0, scale = 1 } = pose;
  const [cy, sy, cp, sp, cr, sr] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch), Math.cos(roll), Math.sin(roll)];
  return points.map(([x, y, z]) => {
    let [X, Y, Z] = [x - centre[0], y - centre[1], z - centre[2]];
    [X, Z] = [X * cy + Z * sy, -X * sy + Z * cy];
    [Y, Z] = [Y * cp - Z * sp, Y * sp + Z * cp];
    [X, Y] = [X * cr - Y * sr, X * sr + Y * cr];
    // depth grows away from the camera (the face mesh's nose has the smallest z)
    const k = (distance / (distance + Z)) * scale;
    return [centre[0] + dx + X * k, centre[1] + dy + Y * k, Z];
  });
}

/**
 * Points seen in a photo (x and y where the camera drew them, z their depth) as they stand in
 * front of a camera `distance` pixels from `centre`: a point nearer the camera was drawn larger, so
 * it lies nearer the middle than it was drawn. `posed` of these with no pose gives the photo back.
 */
export function unprojected(points: readonly Point3[], centre: Point3, distance: number): Point3[] {
  return points.map(([x, y, z]) => {
    const k = (distance + (z - centre[2])) / distance;
    return [centre[0] + (x - centre[0]) * k, centre[1] + (y - centre[1]) * k, z];
  });
}

/** The affine map carrying triangle `s` onto triangle `d`, as canvas setTransform arguments. */
function affine(s: Point3[], d: Point3[]): [number, number, number, number, number, number] | undefined {
  const [[x0, y0], [x1, y1], [x2, y2]] = s;
  const [[u0, v0], [u1, v1], [u2, v2]] = d;
  const den = x0 * (y1 - y2) + x1 * (y2 - y0) + x2 * (y0 - y1);
  if (Math.abs(den) < 1e-6) return undefined;
  const a = (u0 * (y1 - y2) + u1 * (y2 - y0) + u2 * (y0 - y1)) / den;
  const c = (u0 * (x2 - x1) + u1 * (x0 - x2) + u2 * (x1 - x0)) / den;
  const e = (u0 * (x1 * y2 - x2 * y1) + u1 * (x2 * y0 - x0 * y2) + u2 * (x0 * y1 - x1 * y0)) / den;
  const b = (v0 * (y1 - y2) + v1 * (y2 - y0) + v2 * (y0 - y1)) / den;
  const d2 = (v0 * (x2 - x1) + v1 * (x0 - x2) + v2 * (x1 - x0)) / den;
  const f = (v0 * (x1 * y2 - x2 * y1) + v1 * (x2 * y0 - x0 * y2) + v2 * (x0 * y1 - x1 * y0)) / den;
  return [a, b, c, d2, e, f];
}

/**
 * Draws `image` warped: each triangle of `triangles` (indices, three per triangle) from `source` to
 * `target`, farthest first, each drawn `overlap` larger than itself so that no seam shows.
 */
export function drawWarped(
  ctx: SKRSContext2D,
  image: Image,
  source: readonly Point3[],
  target: readonly Point3[],
  triangles: readonly number[],
  overlap = 0.08,
): void {
  const order: [number, number][] = [];
  for (let i = 0; i < triangles.length; i += 3) order.push([(target[triangles[i]][2] + target[triangles[i + 1]][2] + target[triangles[i + 2]][2]) / 3, i]);
  order.sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    const s = [source[triangles[i]], source[triangles[i + 1]], source[triangles[i + 2]]] as Point3[];
    const d = [target[triangles[i]], target[triangles[i + 1]], target[triangles[i + 2]]] as Point3[];
    const transform = affine(s, d);
    if (!transform) continue;
    const cx = (d[0][0] + d[1][0] + d[2][0]) / 3;
    const cy = (d[0][1] + d[1][1] + d[2][1]) / 3;
    ctx.save();
    ctx.beginPath();
    // each triangle a little larger than itself, so that no seam shows between neighbours
    d.forEach(([x, y], k) => (k ? ctx.lineTo(x + (x - cx) * overlap, y + (y - cy) * overlap) : ctx.moveTo(x + (x - cx) * overlap, y + (y - cy) * overlap)));
    ctx.closePath();
    ctx.clip();
    ctx.setTransform(...transform);
    ctx.drawImage(image, 0, 0);
    ctx.restore();
  }
}

/**
 * A grid over a `width` x `height` picture, `cells` squares across, flat or bent back at its sides
 * (a sheet curved around a vertical axis of radius `bendRadius`).
 */
export function sheetGrid(width: number, height: number, depth: number, cells = 16, bendRadius?: number): { points: Point3[]; triangles: number[] } {
  const points: Point3[] = [];
  const rows = Math.max(2, Math.round((cells * height) / width));
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= cells; i++) {
      const x = (i * width) / cells;
      const off = x - width / 2;
      const bend = bendRadius ? bendRadius - Math.sqrt(Math.max(0, bendRadius * bendRadius - off * off)) : 0;
      points.push([x, (j * height) / rows, depth + bend]);
    }
  }
  const triangles: number[] = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cells; i++) {
      const a = j * (cells + 1) + i;
      triangles.push(a, a + 1, a + cells + 1, a + 1, a + cells + 2, a + cells + 1);
    }
  }
  return { points, triangles };
}

export function canvas(width: number, height: number) {
  const c = createCanvas(width, height);
  return { canvas: c, ctx: c.getContext('2d') };
}
