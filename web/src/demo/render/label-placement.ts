// The labels of the level shown and where they were last placed: placed again when the camera
// settles (around the markers), they follow their anchors in between; a tap on an icon picks it.
import type { LevelModel } from '../level-model';
import { type PlacedLabel, labelBox, placeLabels } from '../labels';
import { type LabelTone, type MapLabel, type MapTarget, levelLabels } from '../map-labels';
import type { Camera } from '../projection';
import { markerBoxes, markerZ } from './draw-markers';
import type { MapMarker } from './layers';

export class LabelPlacement {
  private labels: { model: LevelModel; raised: boolean; list: MapLabel[] } | undefined;
  private placed: PlacedLabel[] = [];

  constructor(private readonly measure: (text: string, tone: LabelTone) => number) {}

  /** Places the level's labels under a render camera, clear of the markers. */
  place(model: LevelModel, raised: boolean, camera: Camera, markers: readonly MapMarker[]) {
    let labels = this.labels;
    if (labels?.model !== model || labels.raised !== raised) {
      labels = { model, raised, list: levelLabels(model, this.measure, raised) };
      this.labels = labels;
    }
    const z = (marker: MapMarker) => markerZ(model, raised, marker);
    const reserved = markerBoxes(camera, markers, z, this.measure);
    this.placed = placeLabels(labels.list, camera, reserved);
  }

  /** The placed labels where they are now under a camera. */
  under(camera: Camera): PlacedLabel[] {
    return this.placed.map(({ candidate }) => ({ candidate, box: labelBox(camera, candidate) }));
  }

  /** What a placed icon (not a unit's name, nor a small label) at a screen point stands for. */
  iconAt(camera: Camera, sx: number, sy: number): MapTarget | undefined {
    for (const { candidate, box } of this.under(camera)) {
      const label = candidate as MapLabel;
      if (!label.target || label.tone === 'small') continue;
      if (sx >= box[0] - 4 && sx <= box[2] + 4 && sy >= box[1] - 4 && sy <= box[3] + 4) {
        if (label.target.type !== 'unit') return label.target;
      }
    }
    return undefined;
  }
}
