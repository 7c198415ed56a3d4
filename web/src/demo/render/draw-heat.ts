// The flow analytics' layers over the floor: the heat map, drawn with the camera's transform so it
// pans, zooms, rotates and tilts with the floor it lies on, and the parking spaces taken, filled red.
import { type TakenSpaces, heatPicture } from '../heat-map';
import { mapColours } from '../style';
import { type Frame, pixel, setWorld } from './frame';
import { addPoly } from './level-paths';

const takenPaths = new WeakMap<TakenSpaces, Path2D>();

export function drawHeat(frame: Frame) {
  const { c, level, layers } = frame;
  const heat = layers.heat;
  if (heat?.level !== level.model.data.short) return;
  const image = heatPicture(heat);
  if (!image) return;
  c.save();
  setWorld(frame);
  c.imageSmoothingEnabled = true;
  c.drawImage(image, heat.x, heat.y, heat.width, heat.height);
  c.restore();
}

export function drawTaken(frame: Frame) {
  const { c, level, layers } = frame;
  const taken = layers.taken;
  if (!taken || taken.level !== level.model.data.short) return;
  let path = takenPaths.get(taken);
  if (!path) {
    path = new Path2D();
    for (const id of taken.ids) {
      const unit = level.model.byId.get(id);
      if (unit) addPoly(path, unit.shape.g);
    }
    takenPaths.set(taken, path);
  }
  setWorld(frame);
  c.fillStyle = mapColours.takenFill;
  c.fill(path);
  c.strokeStyle = mapColours.taken;
  c.lineWidth = 1.5 * pixel(frame);
  c.stroke(path);
}
