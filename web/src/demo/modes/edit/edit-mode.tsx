// The online editor of a visitor's building (issue #32), one of the viewer's modes: the visitor
// picks a room on the map, renames it or changes its category, and slides or removes its doors;
// each edit is saved by the server as a new version once the venue check passes, and the map
// and the route shown are fetched again. Only a visitor's building (a 32-hex-digit id) offers
// it. The panel (edit-panel.tsx) is loaded when the mode first opens, so the viewer carries
// none of its weight before.
import { type ComponentType, useEffect, useState } from 'react';
import type { MapTarget } from '../../map-labels';
import type { MapMarker } from '../../render/layers';
import type { LevelModel } from '../../level-model';
import type { ModeKit } from '../kit';
import type { EditPanelProps, Selection } from './edit-panel';

const buildingId = /^[0-9a-f]{32}$/;

/** The room of a unit or occupant id, on the level shown. */
export function roomOf(model: LevelModel | null, id: string) {
  return model?.byOccupant.get(id) ?? model?.byId.get(id);
}

export type EditMode = ReturnType<typeof useEditMode>;

export function useEditMode(
  kit: ModeKit,
  active: boolean,
  /** The place selected when the editor opens: the route's destination, when one is shown. */
  first: string | null,
  onSaved: () => void,
) {
  const [Panel, setPanel] = useState<ComponentType<EditPanelProps> | null>(null);
  const [selected, setSelected] = useState<Selection | null>(null);
  const [failed, setFailed] = useState(0);
  // Adding a door by a tap on the map: armed by the panel, the tap's world point handed back.
  const [placing, setPlacing] = useState(false);
  const [tap, setTap] = useState<[number, number] | null>(null);
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

  const door =
    selected?.kind === 'door'
      ? kit.model?.data.openings.find((opening) => opening.id === selected.id)
      : undefined;
  const markers: MapMarker[] = door
    ? [{ kind: 'place', x: (door.a[0] + door.a[2]) / 2, y: (door.a[1] + door.a[3]) / 2 }]
    : [];
  return {
    editable: buildingId.test(kit.venue),
    /** A room picked on the map is selected for editing. */
    pick: (target: MapTarget | undefined) =>
      setSelected(target?.type === 'unit' ? { kind: 'unit', id: target.id } : null),
    highlight: selected
      ? (roomOf(kit.model, selected.kind === 'unit' ? selected.id : selected.unit)?.shape.id ??
        null)
      : null,
    markers,
    /** While a door is being placed, the map's taps go to it. */
    tapPoint: placing
      ? (x: number, y: number) => {
          setTap([x, y]);
          setPlacing(false);
        }
      : undefined,
    panel: Panel ? (
      <Panel
        kit={kit}
        selected={selected}
        onSelect={setSelected}
        onSaved={onSaved}
        placing={{ armed: placing, arm: setPlacing, tap, used: () => setTap(null) }}
      />
    ) : (
      <p className="demo-status" role="status">
        {kit.words.edit_loading}
      </p>
    ),
  };
}
