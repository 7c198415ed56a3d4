// The door selected in the editor: slid along its wall a metre at a time or by dragging it on
// the map (edit-mode.tsx holds the drag and leaves where it went as the `slide` tool's two
// points), or removed.
import { useEffect } from 'react';
import type { FeatureChange } from '../../api-answers';
import { fill } from '../../../format/fill';
import { type ModeKit, useLatest } from '../kit';
import type { Drawing } from './edit-mode';

/** How far a door slides per press, metres. */
const slideStep = 1;

/** How far a drag from `from` to `to` (world decimetres) goes along the door `a` (its ends,
 * `[x0, y0, x1, y1]`), metres to a tenth, positive from its first end towards its second. */
export function slideAlong(a: number[], from: [number, number], to: [number, number]) {
  const [dx, dy] = [a[2]! - a[0]!, a[3]! - a[1]!];
  const length = Math.hypot(dx, dy) || 1;
  const decimetres = ((to[0] - from[0]) * dx + (to[1] - from[1]) * dy) / length;
  return Math.round(decimetres) / 10;
}

export function DoorActions(props: {
  kit: ModeKit;
  /** The door's id, and its number among its room's doors. */
  door: string;
  number: number;
  drawing: Drawing;
  busy: boolean;
  send: (changes: FeatureChange[]) => void;
}) {
  const { kit, door, drawing, busy, send } = props;
  const { words } = kit;
  const slide = (along: number): FeatureChange => ({
    op: 'slide',
    feature_type: 'opening',
    id: door,
    along_m: along,
  });

  // A door dragged on the map slides along its wall by the drag's length along it.
  const slid = drawing.tool === 'slide' && drawing.points.length === 2 ? drawing.points : null;
  const latestSlide = useLatest(([from, to]: [number, number][]) => {
    drawing.choose(null);
    const opening = kit.model?.data.openings.find((each) => each.id === door);
    if (!opening || !from || !to) return;
    const along = slideAlong(opening.a, from, to);
    if (Math.abs(along) >= 0.1) send([slide(along)]);
  });
  useEffect(() => {
    if (slid) latestSlide.current(slid);
  }, [slid, latestSlide]);

  return (
    <>
      <div
        className="demo-actions"
        role="group"
        aria-label={fill(words.edit_door_selected, { number: props.number })}
      >
        {([-slideStep, slideStep] as const).map((along) => (
          <button
            key={along}
            type="button"
            className="demo-action"
            disabled={busy}
            onClick={() => send([slide(along)])}
          >
            {fill(along < 0 ? words.edit_slide_back : words.edit_slide_on, { step: slideStep })}
          </button>
        ))}
        <button
          type="button"
          className="demo-action"
          disabled={busy}
          onClick={() => send([{ op: 'remove', feature_type: 'opening', id: door }])}
        >
          {words.edit_remove_door}
        </button>
      </div>
      <p>{words.edit_slide_drag_hint}</p>
    </>
  );
}
