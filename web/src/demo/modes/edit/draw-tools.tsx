// The editor's drawing tools: a new room or a fence drawn corner by corner, a corner of the
// selected room moved, and an amenity (an ATM, a defibrillator) placed in the room it stands in. Each point is a tap on the map, or the middle of the map for a visitor on
// the keyboard (the arrow keys move the map under it). The server snaps a room's corners to the
// walls and corners already there, so a tap near a wall lands on it.
import { useEffect, useState } from 'react';
import { pointInPoly, ringArea } from '../../geometry';
import type { FeatureChange } from '../../api-answers';
import { fill } from '../../../format/fill';
import type { UnitModel } from '../../level-model';
import { worldToLonLat } from '../../projection';
import type { ModeKit } from '../kit';
import { useLatest } from '../kit';
import { ChoiceField, TextField } from './edit-form';
import type { Drawing, Tool } from './edit-mode';

export interface DrawToolsProps {
  kit: ModeKit;
  /** The room selected, whose corners the corner tool moves. */
  unit: UnitModel | undefined;
  drawing: Drawing;
  busy: boolean;
  send: (changes: FeatureChange[]) => void;
}

/** The corners a drawn shape needs before it can be finished. */
const fewest = 3;

export function DrawTools({ kit, unit, drawing, busy, send }: DrawToolsProps) {
  const { words, summary, level } = kit;
  const [name, setName] = useState('');
  const amenities = Object.entries(summary?.choices?.amenities ?? {});
  const [picked, setAmenity] = useState('');
  const amenity = picked || (amenities[0]?.[0] ?? '');
  const [nowhere, setNowhere] = useState(false);
  const { tool, points } = drawing;
  const levelId = summary?.levels.find((entry) => entry.short === level)?.id;
  const lonLat = (point: [number, number]) =>
    summary ? worldToLonLat(summary.origin, point) : point;

  // The corner tool acts on its second point: the corner pointed at, then where it goes.
  const moveCorner = useLatest(() => {
    const [at, to] = points;
    if (!unit || !at || !to) return;
    drawing.choose(null);
    send([{ op: 'move_corner', id: unit.shape.id, at: lonLat(at), to: lonLat(to) }]);
  });
  useEffect(() => {
    if (tool === 'corner' && points.length === 2) moveCorner.current();
  }, [tool, points.length, moveCorner]);

  // The corner tools that act on one point: a corner added on the wall there, or removed.
  const atCorner = useLatest((op: 'add_corner' | 'remove_corner') => {
    const [at] = points;
    if (!unit || !at) return;
    drawing.choose(null);
    send([{ op, id: unit.shape.id, at: lonLat(at) }]);
  });
  useEffect(() => {
    if (tool === 'split' && points.length === 1) atCorner.current('add_corner');
  }, [tool, points.length, atCorner]);

  // The amenity tool acts on its one point, in the room (or walkway) under it.
  const placeAmenity = useLatest(() => {
    const [at] = points;
    if (!at) return;
    drawing.choose(null);
    const room = kit.model?.units.find((each) => pointInPoly(at[0], at[1], each.shape.g));
    setNowhere(!room);
    if (!room || !amenity) return;
    const label = name.trim();
    setName('');
    send([amenityChange(amenity, lonLat(at), room.shape.id, label)]);
  });
  useEffect(() => {
    if (tool === 'amenity' && points.length === 1) placeAmenity.current();
  }, [tool, points.length, placeAmenity]);

  const finish = () => {
    if (!levelId || points.length < fewest) return;
    const corners = points.map(lonLat);
    const label = name.trim();
    drawing.choose(null);
    setName('');
    send([tool === 'room' ? room(levelId, corners, label) : fence(levelId, corners, label)]);
  };

  const tools: [Tool, string][] = [
    ['room', words.edit_draw_room],
    ['fence', words.edit_draw_fence],
    ...(amenities.length ? ([['amenity', words.edit_place_amenity]] as [Tool, string][]) : []),
    ...(unit
      ? ([
          ['corner', words.edit_move_corner],
          ['split', words.edit_add_corner],
        ] as [Tool, string][])
      : []),
  ];
  const hint =
    tool === 'room' || tool === 'fence'
      ? fill(tool === 'room' ? words.edit_draw_room_hint : words.edit_draw_fence_hint, {
          count: points.length,
        })
      : tool === 'corner'
        ? points.length
          ? words.edit_move_corner_to
          : words.edit_move_corner_hint
        : tool === 'amenity'
          ? words.edit_place_amenity_hint
          : tool === 'split'
            ? words.edit_add_corner_hint
            : null;
  return (
    <>
      <h3 className="demo-edit__heading">{words.edit_draw}</h3>
      <div className="demo-actions" role="group" aria-label={words.edit_draw}>
        {tools.map(([each, label]) => (
          <button
            key={each}
            type="button"
            className="demo-action"
            aria-pressed={tool === each}
            disabled={busy}
            onClick={() => {
              setNowhere(false);
              drawing.choose(tool === each ? null : each);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {tool && tool !== 'door' ? (
        <>
          <p className="demo-status" role="status">
            {hint}
          </p>
          {tool === 'amenity' ? (
            <p className="demo-edit__field">
              <ChoiceField
                label={words.edit_category}
                value={amenity}
                choices={amenities}
                onChange={setAmenity}
              />
            </p>
          ) : null}
          {tool === 'room' || tool === 'fence' || tool === 'amenity' ? (
            <p className="demo-edit__field">
              <TextField label={words.edit_name} value={name} maxLength={60} onInput={setName} />
            </p>
          ) : null}
          {tool === 'corner' && unit && !points.length ? (
            <div className="demo-actions" role="group" aria-label={words.edit_move_corner}>
              {roomCorners(unit).map((corner, index) => (
                <button
                  key={index}
                  type="button"
                  className="demo-action"
                  onClick={() => drawing.place(corner)}
                >
                  {fill(words.edit_corner, { number: index + 1 })}
                </button>
              ))}
            </div>
          ) : null}
          <div className="demo-actions" role="group" aria-label={hint ?? words.edit_draw}>
            <button type="button" className="demo-action" onClick={drawing.placeCentre}>
              {words.edit_place_centre}
            </button>
            <button
              type="button"
              className="demo-action"
              disabled={!points.length}
              onClick={drawing.back}
            >
              {words.edit_point_back}
            </button>
            {tool === 'corner' && points.length === 1 ? (
              <button
                type="button"
                className="demo-action"
                disabled={busy}
                onClick={() => atCorner.current('remove_corner')}
              >
                {words.edit_remove_corner}
              </button>
            ) : null}
            {tool === 'room' || tool === 'fence' ? (
              <button
                type="button"
                className="demo-action"
                disabled={busy || points.length < fewest}
                onClick={finish}
              >
                {words.edit_draw_finish}
              </button>
            ) : null}
            <button type="button" className="demo-action" onClick={() => drawing.choose(null)}>
              {words.edit_draw_cancel}
            </button>
          </div>
        </>
      ) : null}
      {nowhere ? (
        <p className="demo-alert" role="alert">
          {words.edit_place_amenity_nowhere}
        </p>
      ) : null}
    </>
  );
}

/** An IMDF amenity at `at` ([lon, lat]) in the unit `unit`. */
function amenityChange(
  category: string,
  at: [number, number],
  unit: string,
  name: string,
): FeatureChange {
  return {
    op: 'add',
    feature: {
      type: 'Feature',
      id: crypto.randomUUID(),
      feature_type: 'amenity',
      geometry: { type: 'Point', coordinates: at },
      properties: {
        category,
        accessibility: null,
        name: name ? { 'zh-Hans': name } : null,
        alt_name: null,
        hours: null,
        phone: null,
        website: null,
        unit_ids: [unit],
        address_id: null,
        correlation_id: null,
      },
    },
  };
}

function room(levelId: string, corners: [number, number][], name: string): FeatureChange {
  return {
    op: 'draw_room',
    id: crypto.randomUUID(),
    door_id: crypto.randomUUID(),
    level_id: levelId,
    corners,
    ...(name ? { name } : {}),
    category: 'room',
  };
}

/** An IMDF geofence on the level: its ring counter-clockwise (RFC 7946, as the venue check
 * asks), its display point the corners' mean. */
function fence(levelId: string, drawn: [number, number][], name: string): FeatureChange {
  const corners = ringArea(drawn.flat()) < 0 ? [...drawn].reverse() : drawn;
  const mean = (axis: 0 | 1) => corners.reduce((sum, c) => sum + c[axis], 0) / corners.length;
  return {
    op: 'add',
    feature: {
      type: 'Feature',
      id: crypto.randomUUID(),
      feature_type: 'geofence',
      geometry: { type: 'Polygon', coordinates: [[...corners, corners[0]]] },
      properties: {
        category: 'geofence',
        restriction: null,
        name: name ? { 'zh-Hans': name } : null,
        alt_name: null,
        correlation_id: null,
        display_point: { type: 'Point', coordinates: [mean(0), mean(1)] },
        building_ids: null,
        level_ids: [levelId],
        parents: null,
      },
    },
  };
}

/** The selected room's corners, for a keyboard visitor who cannot point at one. */
function roomCorners(unit: UnitModel) {
  const ring = unit.shape.g[0] ?? [];
  const corners: [number, number][] = [];
  for (let i = 0; i + 1 < ring.length; i += 2) corners.push([ring[i]!, ring[i + 1]!]);
  return corners;
}
