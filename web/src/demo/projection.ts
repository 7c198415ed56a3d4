// Where things are: the venue's local frame (docs/venue-contract.md §2.3) and the camera that puts it on screen.
// World coordinates are decimetres east (x) and north (y) of the venue's origin, as in the level
// files (docs/venue-contract.md §3.2). The camera is an affine parallel projection: pan, zoom, rotation (bearing) and a
// 2.5D tilt that shortens north-south distances and lifts heights up the screen. Being affine, one
// canvas transform draws whole cached paths, and a roof is its floor shifted by a fixed vector.

export const earthRadius = 6378137;
const degree = Math.PI / 180;

/** [lon, lat] -> metres east and north of the origin (docs/venue-contract.md §2.3). */
export function lonLatToMetres(
  origin: [number, number],
  lon: number,
  lat: number,
): [number, number] {
  const [lon0, lat0] = origin;
  return [
    (lon - lon0) * degree * earthRadius * Math.cos(lat0 * degree),
    (lat - lat0) * degree * earthRadius,
  ];
}

/** Metres east and north of the origin -> [lon, lat], the inverse of lonLatToMetres. */
export function metresToLonLat(origin: [number, number], x: number, y: number): [number, number] {
  const [lon0, lat0] = origin;
  return [
    lon0 + x / (degree * earthRadius * Math.cos(lat0 * degree)),
    lat0 + y / (degree * earthRadius),
  ];
}

/** World decimetres -> [lon, lat], the inverse of lonLatToWorld. */
export function worldToLonLat(origin: [number, number], point: [number, number]): [number, number] {
  return metresToLonLat(origin, point[0] / 10, point[1] / 10);
}

/** [lon, lat] of an API answer -> world decimetres (not rounded). */
export function lonLatToWorld(origin: [number, number], point: [number, number]): [number, number] {
  const [x, y] = lonLatToMetres(origin, point[0], point[1]);
  return [x * 10, y * 10];
}

export interface Camera {
  /** The world point at the centre of the view, decimetres. */
  x: number;
  y: number;
  /** CSS pixels per decimetre. */
  scale: number;
  /** The compass direction pointing up the screen, radians clockwise from north. */
  bearing: number;
  /** 0 for the plan view; the 2.5D view leans back by this angle, radians. */
  tilt: number;
  /** The view's size, CSS pixels. */
  width: number;
  height: number;
}

/** [a, b, c, d, e, f] as canvas setTransform takes them, for points at height z (decimetres). */
export type Matrix = [number, number, number, number, number, number];

export function cameraMatrix(camera: Camera, z = 0): Matrix {
  const { scale: s, bearing, tilt } = camera;
  const cos = Math.cos(bearing);
  const sin = Math.sin(bearing);
  const squash = Math.cos(tilt);
  const a = s * cos;
  const c = -s * sin;
  const b = -s * squash * sin;
  const d = -s * squash * cos;
  const e = camera.width / 2 - a * camera.x - c * camera.y;
  const f = camera.height / 2 - b * camera.x - d * camera.y - s * Math.sin(tilt) * z;
  return [a, b, c, d, e, f];
}

export function worldToScreen(camera: Camera, x: number, y: number, z = 0): [number, number] {
  const [a, b, c, d, e, f] = cameraMatrix(camera, z);
  return [a * x + c * y + e, b * x + d * y + f];
}

/** The world point at height z that shows at the screen point. */
export function screenToWorld(camera: Camera, sx: number, sy: number, z = 0): [number, number] {
  const [a, b, c, d, e, f] = cameraMatrix(camera, z);
  const det = a * d - b * c;
  const u = sx - e;
  const v = sy - f;
  return [(d * u - c * v) / det, (a * v - b * u) / det];
}

/**
 * How far, in world decimetres, a roof at height h is shifted from its floor on the plan: toward
 * the top of the screen by h·tan(tilt). Depends on bearing and tilt only, not on pan or zoom.
 */
export function roofShift(camera: Camera, h: number): [number, number] {
  const k = h * Math.tan(camera.tilt);
  return [k * Math.sin(camera.bearing), k * Math.cos(camera.bearing)];
}

export function panBy(camera: Camera, dx: number, dy: number): Camera {
  const [x0, y0] = screenToWorld(camera, camera.width / 2, camera.height / 2);
  const [x1, y1] = screenToWorld(camera, camera.width / 2 - dx, camera.height / 2 - dy);
  return { ...camera, x: camera.x + x1 - x0, y: camera.y + y1 - y0 };
}

/** Zooms by a factor keeping the world point under (sx, sy) where it is. */
export function zoomAround(
  camera: Camera,
  sx: number,
  sy: number,
  factor: number,
  limits: [number, number],
): Camera {
  const scale = clamp(camera.scale * factor, limits[0], limits[1]);
  return keepPoint(camera, { ...camera, scale }, sx, sy);
}

/** Turns by an angle (radians, clockwise) about the screen point (sx, sy). */
export function rotateAround(camera: Camera, sx: number, sy: number, angle: number): Camera {
  return keepPoint(camera, { ...camera, bearing: normaliseAngle(camera.bearing + angle) }, sx, sy);
}

function keepPoint(before: Camera, after: Camera, sx: number, sy: number): Camera {
  const [wx, wy] = screenToWorld(before, sx, sy);
  const [nx, ny] = screenToWorld(after, sx, sy);
  return { ...after, x: after.x + wx - nx, y: after.y + wy - ny };
}

/** The camera centred on a box (minX, minY, maxX, maxY), fitting it with a margin in pixels. */
export function fitBox(
  camera: Camera,
  box: [number, number, number, number],
  margin: number,
): Camera {
  const [minX, minY, maxX, maxY] = box;
  const cos = Math.abs(Math.cos(camera.bearing));
  const sin = Math.abs(Math.sin(camera.bearing));
  const w = maxX - minX;
  const h = maxY - minY;
  // The box's extent across and along the screen once turned.
  const across = w * cos + h * sin;
  const along = (w * sin + h * cos) * Math.cos(camera.tilt);
  const scale = Math.min(
    Math.max(camera.width - 2 * margin, 40) / Math.max(across, 1),
    Math.max(camera.height - 2 * margin, 40) / Math.max(along, 1),
  );
  return { ...camera, x: (minX + maxX) / 2, y: (minY + maxY) / 2, scale };
}

export function normaliseAngle(angle: number): number {
  const turn = Math.PI * 2;
  const a = angle % turn;
  return a < 0 ? a + turn : a;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** The transform doing n, then m. */
export function compose(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function invert(m: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  const ia = d / det;
  const ib = -b / det;
  const ic = -c / det;
  const id = a / det;
  return [ia, ib, ic, id, -(ia * e + ic * f), -(ib * e + id * f)];
}
