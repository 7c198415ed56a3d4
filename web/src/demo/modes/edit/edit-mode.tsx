// The online editor of a visitor's building (issue #32), one of the viewer's modes: the visitor
// picks a room on the map, renames it or changes its category, slides, adds or removes its
// doors, moves its corners, draws new rooms and fences; each edit is saved by the server as a new version once the venue check passes, and the map
// and the route shown are fetched again. Only a visitor's building (a 32-hex-digit id) offers
// it. The panel (edit-panel.tsx) is loaded when the mode first opens, so the viewer carries
// none of its weight before.
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import type { Held as Holding } from '../../gestures';
import type { FenceOutline } from '../../live-dots';
import type { MapTarget } from '../../map-labels';
import type { MapMarker } from '../../render/layers';
import type { LevelModel } from '../../level-model';
import { distanceToSegment } from '../../geometry';
import { type ModeKit, useLevelFences } from '../kit';
import { buildingIdPattern } from '../../building-requests';
import type { EditPanelProps, Selection } from './edit-panel';

/** What the map's taps place: a door, a room's or a fence's corners, a room's corner moved, a
 * corner added on a room's wall, an amenity; and where a door dragged along its wall went
 * (`slide`, from a drag only). */
export type Tool = 'door' | 'room' | 'fence' | 'corner' | 'split' | 'amenity' | 'slide';

/** The tool in hand and the points placed with it so far, world decimetres. */
export interface Drawing {
  tool: Tool | null;
  points: [number, number][];
  choose: (tool: Tool | null) => void;
  place: (point: [number, number]) => void;
  /** Places the point in the middle of the map: the keyboard's tap. */
  placeCentre: () => void;
  /** Takes back the last point. */
  back: () => void;
}

interface Held {
  tool: Tool | null;
  points: [number, number][];
  level: string | null;
}

/** The room of a unit or occupant id, on the level shown. */
export function roomOf(model: LevelModel | null, id: string) {
  return model?.byOccupant.get(id) ?? model?.byId.get(id);
}

/** The corner of a flat ring `[x0, y0, x1, y1, ...]` nearest (x, y), if within `reach`. */
export function nearestCorner(ring: number[], x: number, y: number, reach: number) {
  let best: [number, number] | undefined;
  let bestDistance = reach;
  for (let i = 0; i + 1 < ring.length; i += 2) {
    const distance = Math.hypot(ring[i]! - x, ring[i + 1]! - y);
    if (distance <= bestDistance) {
      best = [ring[i]!, ring[i + 1]!];
      bestDistance = distance;
    }
  }
  return best;
}

export type EditMode = ReturnType<typeof useEditMode>;

export function useEditMode(
  kit: ModeKit,
  active: boolean,
  /** The place selected when the editor opens: the route's destination, when one is shown. */
  first: string | null,
  onSaved: () => void,
  /** Where the map looks, world units. */
  centre: () => { x: number; y: number } | undefined,
) {
  const [Panel, setPanel] = useState<ComponentType<EditPanelProps> | null>(null);
  const [selected, setSelected] = useState<Selection | null>(null);
  const [failed, setFailed] = useState(0);
  // The points belong to the level they were placed on: another level starts afresh.
  const [held, setHeld] = useState<Held>({ tool: null, points: [], level: null });
  const here = held.level === kit.level ? held : { ...held, points: [] };
  const place = (point: [number, number]) =>
    setHeld((now) => ({
      ...now,
      level: kit.level,
      points: [...(now.level === kit.level ? now.points : []), point],
    }));
  const drawing: Drawing = {
    tool: here.tool,
    points: here.points,
    choose: (tool) => setHeld({ tool, points: [], level: kit.level }),
    place,
    placeCentre: () => {
      const at = centre();
      if (at) place([at.x, at.y]);
    },
    back: () => setHeld((now) => ({ ...now, points: now.points.slice(0, -1) })),
  };
  // The building's own fences on the level, so a fence drawn shows once saved.
  const fences = useLevelFences(kit, active);
  // A corner dragged on the map: where it was and where the pointer is.
  const [dragged, setDragged] = useState<[number, number][] | null>(null);
  const outline: FenceOutline | null = dragged
    ? { corners: dragged, closed: false }
    : active &&
        (here.tool === 'room' || here.tool === 'fence' || here.tool === 'corner') &&
        here.points.length
      ? { corners: here.points, closed: false }
      : null;
  const room = selected
    ? roomOf(kit.model, selected.kind === 'unit' ? selected.id : selected.unit)
    : undefined;
  const door =
    selected?.kind === 'door'
      ? kit.model?.data.openings.find((opening) => opening.id === selected.id)
      : undefined;
  // What a press takes hold of: with the corner tool, a corner of the selected room; with no
  // tool, the selected door. Letting go places both points (where it was, where it went) for
  // the tool, as two taps would: the panel then moves the corner or slides the door.
  const dragFrom = (from: [number, number], tool: Tool): Holding => {
    setDragged([from, from]);
    return {
      move: (mx, my) => setDragged([from, [mx, my]]),
      drop: (mx, my) => {
        setDragged(null);
        setHeld({ tool, level: kit.level, points: [from, [mx, my]] });
      },
      cancel: () => setDragged(null),
    };
  };
  const hold = !active
    ? undefined
    : here.tool === 'corner' && !here.points.length && room
      ? (x: number, y: number, reach: number) => {
          const from = nearestCorner(room.shape.g[0] ?? [], x, y, reach);
          return from && dragFrom(from, 'corner');
        }
      : !here.tool && door
        ? (x: number, y: number, reach: number) => {
            const [ax, ay, bx, by] = door.a;
            const near = distanceToSegment(x, y, [ax, ay], [bx, by]) <= reach;
            return near ? dragFrom([x, y], 'slide') : undefined;
          }
        : undefined;
  // The route's destination is selected when the editor opens, or when a route is planned in it.
  const [seen, setSeen] = useState<{ active: boolean; first: string | null }>({
    active: false,
    first: null,
  });
  if (active !== seen.active || first !== seen.first) {
    setSeen({ active, first });
    if (active && first) setSelected({ kind: 'unit', id: first });
  }

  useEffect(() => {
    if (!active || Panel) return;
    let alive = true;
    import('./edit-panel').then(
      (module) => {
        if (alive) setPanel(() => module.EditPanel);
      },
      (error: unknown) => {
        if (alive) kit.fail(error, () => setFailed((count) => count + 1));
      },
    );
    return () => {
      alive = false;
    };
    // Asked again when the visitor retries a failed load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, Panel, failed]);

  // The same array until the door changes: a new one is a new layer, and the map is drawn again.
  const markers = useMemo(
    (): MapMarker[] =>
      door
        ? [{ kind: 'place', x: (door.a[0] + door.a[2]) / 2, y: (door.a[1] + door.a[3]) / 2 }]
        : [],
    [door],
  );
  return {
    editable: buildingIdPattern.test(kit.venue),
    /** A room picked on the map is selected for editing. */
    pick: (target: MapTarget | undefined) =>
      setSelected(target?.type === 'unit' ? { kind: 'unit', id: target.id } : null),
    highlight: room?.shape.id ?? null,
    markers,
    /** The shape being drawn, and the fences drawn before. */
    outline,
    fences,
    /** While a tool is in hand, the map's taps place its points. */
    tapPoint: here.tool ? (x: number, y: number) => place([x, y]) : undefined,
    /** What a press on the map takes hold of: a corner of the selected room, with its tool. */
    hold,
    /** The tool in hand and its points, which the panel's drawing tools act on. */
    drawing,
    panel: Panel ? (
      <Panel
        kit={kit}
        selected={selected}
        onSelect={setSelected}
        onSaved={onSaved}
        drawing={drawing}
      />
    ) : (
      <p className="demo-status" role="status">
        {kit.words.edit_loading}
      </p>
    ),
  };
}
