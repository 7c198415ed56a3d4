// The route, screen space: the other levels' legs hinted (dashed, faint), this level's legs cased
// and drawn in the route's colour with small arrows along them pointing the way.
import { worldToScreen } from '../projection';
import { mapColours } from '../style';
import type { Frame } from './frame';

export function drawRoute(frame: Frame) {
  const { c, view, level, layers } = frame;
  const route = layers.route;
  if (!route) return;
  const short = level.model.data.short;
  c.lineCap = 'round';
  c.lineJoin = 'round';
  const trace = (points: number[]) => {
    c.beginPath();
    for (let i = 0; i < points.length / 2; i += 1) {
      const [sx, sy] = worldToScreen(view, points[2 * i] as number, points[2 * i + 1] as number);
      if (i === 0) c.moveTo(sx, sy);
      else c.lineTo(sx, sy);
    }
  };
  c.setLineDash([4, 6]);
  c.lineWidth = 2;
  c.strokeStyle = mapColours.routeOther;
  for (const leg of route.legs) {
    if (leg.level === short) continue;
    trace(leg.points);
    c.stroke();
  }
  c.setLineDash([]);
  for (const leg of route.legs) {
    if (leg.level !== short) continue;
    trace(leg.points);
    c.strokeStyle = mapColours.routeCasing;
    c.lineWidth = 9;
    c.stroke();
    c.strokeStyle = mapColours.route;
    c.lineWidth = 5.5;
    c.stroke();
    drawChevrons(frame, leg.points);
  }
}

function drawChevrons({ c, view }: Frame, points: number[]) {
  c.strokeStyle = mapColours.chevron;
  c.lineWidth = 1.6;
  const spacing = 46;
  let carry = spacing / 2;
  let [px0, py0] = worldToScreen(view, points[0] as number, points[1] as number);
  c.beginPath();
  for (let i = 2; i < points.length; i += 2) {
    const [px1, py1] = worldToScreen(view, points[i] as number, points[i + 1] as number);
    const length = Math.hypot(px1 - px0, py1 - py0);
    const ux = (px1 - px0) / (length || 1);
    const uy = (py1 - py0) / (length || 1);
    let t = carry;
    while (t < length) {
      const x = px0 + ux * t;
      const y = py0 + uy * t;
      c.moveTo(x - ux * 3 - uy * 3, y - uy * 3 + ux * 3);
      c.lineTo(x + ux * 1.5, y + uy * 1.5);
      c.lineTo(x - ux * 3 + uy * 3, y - uy * 3 - ux * 3);
      t += spacing;
    }
    carry = t - length;
    px0 = px1;
    py0 = py1;
  }
  c.stroke();
}
