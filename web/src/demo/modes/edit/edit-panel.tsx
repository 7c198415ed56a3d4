// The editor's panel (loaded by edit-mode.tsx when the mode first opens): the building's version
// and undo/redo, the room selected (name, category, its doors), the door selected (door-actions.tsx: slide it
// along its wall, remove it), and the outcome of the last edit: saved, a conflict with another
// tab (reload), or the venue check's problems, each with a button that shows it on the map.
// Undo sends the changes the server answered with the edit, so it restores exactly what was.
import { useEffect, useState } from 'react';
import type { BuildingProblem, FeatureChange } from '../../api-answers';
import { buildingPaths } from '../../building-requests';
import { fill } from '../../../format/fill';
import { worldToLonLat } from '../../projection';
import { type ModeKit, boxAround, useLatest } from '../kit';
import { PanelSection } from '../panel-section';
import { ConnectLevels } from './connect-levels';
import { DoorActions } from './door-actions';
import { DrawTools } from './draw-tools';
import { LevelForm } from './level-form';
import { ChoiceField, EditForm, TextField } from './edit-form';
import { type Drawing, roomOf } from './edit-mode';
import { buildingVersion, sendEdit } from './edit-requests';
import { doorWidth, roomDoors } from './room-doors';

export type Selection = { kind: 'unit'; id: string } | { kind: 'door'; id: string; unit: string };

export interface EditPanelProps {
  kit: ModeKit;
  selected: Selection | null;
  onSelect: (selection: Selection | null) => void;
  /** An edit was stored: the map and the route are fetched again. */
  onSaved: () => void;
  /** The tool in hand (a door placed where the visitor taps, a room drawn...) and its points. */
  drawing: Drawing;
}

type Outcome =
  | { kind: 'saved'; text: string }
  | { kind: 'problems'; message: string; problems: BuildingProblem[] }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed' };

/** The width of a door the editor adds, metres. */
const doorWidthM = 1.5;

export function EditPanel({ kit, selected, onSelect, onSaved, drawing }: EditPanelProps) {
  const { words, venue, model, summary } = kit;
  const [version, setVersion] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [undo, setUndo] = useState<FeatureChange[][]>([]);
  const [redo, setRedo] = useState<FeatureChange[][]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    let alive = true;
    void buildingVersion(venue).then((now) => {
      if (alive) setVersion(now);
    });
    return () => {
      alive = false;
    };
  }, [venue]);

  const send = async (changes: FeatureChange[], as: 'do' | 'undo' | 'redo') => {
    if (version === null || busy || !changes.length) return;
    setBusy(true);
    const answer = await sendEdit(venue, version, changes);
    setBusy(false);
    if (answer.kind === 'saved') {
      const { version: now, undo: back } = answer.saved;
      setVersion(now);
      if (as === 'undo') {
        setUndo((sets) => sets.slice(0, -1));
        setRedo((sets) => [...sets, back]);
      } else {
        setUndo((sets) => [...sets, back]);
        setRedo((sets) => (as === 'redo' ? sets.slice(0, -1) : []));
      }
      const text = fill(as === 'undo' ? words.edit_undone : words.edit_saved, { version: now });
      setOutcome({ kind: 'saved', text });
      kit.announce(text);
      onSaved();
    } else if (answer.kind === 'failed') {
      setOutcome({ kind: 'failed' });
    } else {
      setOutcome(answer.kind === 'conflict' ? answer : { ...answer, kind: 'problems' });
      kit.announce(answer.message);
    }
  };

  const reload = async () => {
    const now = await buildingVersion(venue);
    if (now === null) return setOutcome({ kind: 'failed' });
    setVersion(now);
    setUndo([]);
    setRedo([]);
    setOutcome({ kind: 'saved', text: fill(words.edit_reloaded, { version: now }) });
    onSaved();
  };

  const lastUndo = undo[undo.length - 1];
  const lastRedo = redo[redo.length - 1];
  // Ctrl+Z and Ctrl+Shift+Z anywhere but in a text field, which keeps its own undo.
  const shortcuts = useLatest((event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
    if (event.target instanceof HTMLInputElement) return;
    event.preventDefault();
    if (event.shiftKey) {
      if (lastRedo) void send(lastRedo, 'redo');
    } else if (lastUndo) void send(lastUndo, 'undo');
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => shortcuts.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [shortcuts]);

  const units = model?.units ?? [];
  const unitId = selected?.kind === 'door' ? selected.unit : selected?.id;
  const unit = unitId ? roomOf(model, unitId) : undefined;
  const doors = unit && model ? roomDoors(unit.shape, model.data.openings) : [];

  /** Adds a door in the selected room's wall nearest the world point `[x, y]` (decimetres). */
  const addDoor = (x: number, y: number) => {
    if (!unit || !summary) return;
    const at = worldToLonLat(summary.origin, [x, y]);
    const id = crypto.randomUUID();
    const change: FeatureChange = {
      op: 'add_door',
      id,
      unit: unit.shape.id,
      at,
      width_m: doorWidthM,
    };
    void send([change], 'do');
  };
  // The door tool acts on its one tap.
  const tap = drawing.tool === 'door' ? drawing.points[0] : undefined;
  const latestAdd = useLatest((at: [number, number]) => {
    drawing.choose(null);
    addDoor(...at);
  });
  useEffect(() => {
    if (tap) latestAdd.current(tap);
  }, [tap, latestAdd]);

  /** Shows a problem's feature, when it is on the level shown. */
  const showProblem = (feature: string) => {
    const room = units.find((entry) => entry.shape.id === feature);
    if (room) {
      onSelect({ kind: 'unit', id: feature });
      kit.moveMap(room.box, 2);
      return;
    }
    const door = model?.data.openings.find((opening) => opening.id === feature);
    const around = door && units.find((entry) => roomDoors(entry.shape, [door]).length);
    if (door && around) {
      onSelect({ kind: 'door', id: door.id, unit: around.shape.id });
      showDoor(door);
    }
  };
  /** Brings a door into the middle of the map, where it can be dragged along its wall. */
  const showDoor = (door: { a: number[] }) =>
    kit.moveMap(boxAround((door.a[0]! + door.a[2]!) / 2, (door.a[1]! + door.a[3]!) / 2, 60), 2);
  /** What a problem is about: a room of the level by its name, else the file and feature. */
  const subjectOf = (problem: BuildingProblem) => {
    const name = problem.feature ? roomOf(model, problem.feature)?.shape.n : undefined;
    return name ?? [problem.file, problem.feature].filter(Boolean).join(' ');
  };
  const onLevel = (feature: string | null) =>
    Boolean(
      feature &&
      (units.some((entry) => entry.shape.id === feature) ||
        model?.data.openings.some((opening) => opening.id === feature)),
    );

  return (
    <PanelSection className="demo-edit" title={words.edit} intro={words.edit_intro}>
      <p className="demo-status" role="status">
        {busy
          ? words.edit_saving
          : version !== null
            ? fill(words.edit_version, { version })
            : words.edit_loading}
      </p>
      <div className="demo-actions" role="group" aria-label={words.edit}>
        {(
          [
            ['undo', lastUndo, words.edit_undo, 'Control+Z'],
            ['redo', lastRedo, words.edit_redo, 'Control+Shift+Z'],
          ] as const
        ).map(([as, changes, label, keys]) => (
          <button
            key={as}
            type="button"
            className="demo-action"
            disabled={!changes || busy}
            onClick={() => changes && void send(changes, as)}
            aria-keyshortcuts={keys}
          >
            {label}
          </button>
        ))}
        <a className="demo-action" href={buildingPaths.archive(venue)} download>
          {words.edit_export}
        </a>
      </div>

      {outcome ? outcomeView(outcome) : null}

      {unit ? (
        <RoomForm
          key={`${unit.shape.id}:${version ?? 0}`}
          kit={kit}
          name={unit.shape.n ?? ''}
          category={unit.shape.c}
          categories={summary?.choices?.units ?? summary?.labels ?? {}}
          disabled={busy}
          onSave={(name, category) =>
            void send(
              [
                {
                  op: 'patch',
                  feature_type: 'unit',
                  id: unit.shape.id,
                  properties: { name: name ? { 'zh-Hans': name } : null, category },
                },
              ],
              'do',
            )
          }
        />
      ) : (
        <p>{words.edit_nothing}</p>
      )}

      {unit ? (
        <button
          type="button"
          className="demo-action"
          disabled={busy}
          onClick={() => void send([{ op: 'remove_room', id: unit.shape.id }], 'do')}
        >
          {words.edit_remove_room}
        </button>
      ) : null}

      {unit ? (
        <>
          <h3 className="demo-edit__heading">{words.edit_doors}</h3>
          {doors.length ? (
            <ul className="demo-edit__doors">
              {doors.map((door, index) => (
                <li key={door.id}>
                  <button
                    type="button"
                    className="demo-action"
                    aria-pressed={selected?.kind === 'door' && selected.id === door.id}
                    onClick={() => {
                      onSelect({ kind: 'door', id: door.id, unit: unit.shape.id });
                      showDoor(door);
                    }}
                  >
                    {fill(words.edit_door, { number: index + 1, width: doorWidth(door) })}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>{words.edit_no_doors}</p>
          )}
        </>
      ) : null}

      {unit ? (
        <div className="demo-actions" role="group" aria-label={words.edit_doors}>
          <button
            type="button"
            className="demo-action"
            aria-pressed={drawing.tool === 'door'}
            disabled={busy}
            onClick={() => drawing.choose(drawing.tool === 'door' ? null : 'door')}
          >
            {drawing.tool === 'door' ? words.edit_add_door_cancel : words.edit_add_door_tap}
          </button>
          <button
            type="button"
            className="demo-action"
            disabled={busy}
            onClick={() => addDoor(...unit.anchor)}
          >
            {words.edit_add_door_centre}
          </button>
        </div>
      ) : null}
      {drawing.tool === 'door' ? (
        <p className="demo-status" role="status">
          {fill(words.edit_add_door_hint, { width: doorWidthM })}
        </p>
      ) : null}

      {unit ? (
        <>
          <h3 className="demo-edit__heading">{words.edit_connect}</h3>
          <ConnectLevels
            key={unit.shape.id}
            kit={kit}
            room={unit.shape}
            disabled={busy}
            onConnect={(change) => void send([change], 'do')}
          />
        </>
      ) : null}

      {selected?.kind === 'door' && doors.some((door) => door.id === selected.id) ? (
        <DoorActions
          kit={kit}
          door={selected.id}
          number={doors.findIndex((door) => door.id === selected.id) + 1}
          drawing={drawing}
          busy={busy}
          send={(changes) => void send(changes, 'do')}
        />
      ) : null}

      <DrawTools
        kit={kit}
        unit={unit}
        drawing={drawing}
        busy={busy}
        send={(changes) => void send(changes, 'do')}
      />

      <LevelForm kit={kit} busy={busy} send={(changes) => void send(changes, 'do')} />
    </PanelSection>
  );

  function outcomeView(shown: Outcome) {
    switch (shown.kind) {
      case 'saved':
        return <p className="demo-edit__saved">{shown.text}</p>;
      case 'failed':
        return (
          <p className="demo-alert" role="alert">
            {words.network_error}
          </p>
        );
      case 'conflict':
        return (
          <div className="demo-alert" role="alert">
            <p>{shown.message}</p>
            <button type="button" className="demo-action" onClick={() => void reload()}>
              {words.edit_conflict_reload}
            </button>
          </div>
        );
      case 'problems':
        return (
          <div className="demo-alert" role="alert">
            <p>{shown.message}</p>
            <p>{words.edit_problems}</p>
            <ul className="demo-edit__problems">
              {shown.problems.map((problem, index) => (
                <li key={index}>
                  {fill(words.edit_problem, {
                    subject: subjectOf(problem),
                    message: problem.message,
                  })}
                  {onLevel(problem.feature) ? (
                    <button
                      type="button"
                      className="demo-edit__show"
                      onClick={() => problem.feature && showProblem(problem.feature)}
                    >
                      {words.edit_show}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        );
    }
  }
}

function RoomForm(props: {
  kit: ModeKit;
  name: string;
  category: string;
  categories: Record<string, string>;
  disabled: boolean;
  onSave: (name: string, category: string) => void;
}) {
  const { words } = props.kit;
  const [name, setName] = useState(props.name);
  const [category, setCategory] = useState(props.category);
  const choices = Object.entries(props.categories);
  if (!props.categories[props.category]) choices.push([props.category, props.category]);
  return (
    <EditForm label={words.edit_room} onSubmit={() => props.onSave(name.trim(), category)}>
      <TextField label={words.edit_name} value={name} maxLength={60} onInput={setName} />
      <ChoiceField
        label={words.edit_category}
        value={category}
        choices={choices}
        onChange={setCategory}
      />
      <button type="submit" className="demo-action" disabled={props.disabled}>
        {words.edit_save_room}
      </button>
    </EditForm>
  );
}
