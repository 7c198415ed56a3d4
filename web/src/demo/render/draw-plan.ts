// The flat plan: the floor, the flat units by layer, sections, fixtures, greenery, kiosks and
// doors, in world coordinates; and the picked unit's outline, on its roof in the 2.5D view.
import { cameraMatrix } from '../projection';
import { mapColours, unitStyles } from '../style';
import type { Context2D } from '../icons';
import { type Frame, pixel, setWorld } from './frame';
import { type Group, addPoly } from './level-paths';

export function drawPlan(frame: Frame) {
  const { c, level } = frame;
  const px = pixel(frame);
  c.lineJoin = 'round';
  setWorld(frame);
  c.fillStyle = mapColours.floor;
  c.fill(level.outline, 'evenodd');
  c.lineWidth = 2 * px;
  c.strokeStyle = mapColours.floorStroke;
  c.stroke(level.outline);

  for (const group of level.flat) paintGroup(c, group, px);

  c.fillStyle = mapColours.section;
  c.fill(level.sections);
  c.setLineDash([6 * px, 4 * px]);
  c.strokeStyle = mapColours.sectionStroke;
  c.lineWidth = 1.2 * px;
  c.stroke(level.sections);
  c.setLineDash([]);

  c.fillStyle = mapColours.fixture;
  c.fill(level.fixtures);
  c.strokeStyle = mapColours.fixtureStroke;
  c.lineWidth = px;
  c.stroke(level.fixtures);
  c.fillStyle = mapColours.vegetation;
  c.fill(level.greenery);
  c.strokeStyle = mapColours.vegetationStroke;
  c.stroke(level.greenery);
  c.fillStyle = mapColours.kiosk;
  c.fill(level.kiosks);
}

export function drawDoors(frame: Frame) {
  const { c, level } = frame;
  const px = pixel(frame);
  c.lineCap = 'butt';
  c.lineWidth = 2.6 * px;
  c.strokeStyle = unitStyles.walk.fill;
  c.stroke(level.doors.walk);
  c.strokeStyle = unitStyles.road.fill;
  c.stroke(level.doors.car);
  c.lineWidth = 4 * px;
  c.strokeStyle = mapColours.entrance;
  c.stroke(level.doors.entrance);
}

/** A style group filled and outlined (dashed where its style says). */
export function paintGroup(c: Context2D, group: Group, px: number) {
  c.fillStyle = group.style.fill;
  c.fill(group.path);
  if (!group.style.stroke) return;
  c.strokeStyle = group.style.stroke;
  c.lineWidth = (group.key === 'parking' ? 1 : 1.2) * px;
  if (group.style.dashed) c.setLineDash([5 * px, 4 * px]);
  c.stroke(group.path);
  if (group.style.dashed) c.setLineDash([]);
}

export function drawHighlight(frame: Frame) {
  const { c, dpr, view, level, layers } = frame;
  if (!layers.highlight) return;
  const unit = level.model.byId.get(layers.highlight);
  if (!unit) return;
  const [a, b, cc, d, e, f] = cameraMatrix(view, view.tilt > 0 ? unit.style.height : 0);
  c.setTransform(a * dpr, b * dpr, cc * dpr, d * dpr, e * dpr, f * dpr);
  const path = new Path2D();
  addPoly(path, unit.shape.g);
  c.fillStyle = mapColours.highlightFill;
  c.fill(path);
  c.strokeStyle = mapColours.highlight;
  c.lineWidth = 2.5 * pixel(frame);
  c.stroke(path);
}
