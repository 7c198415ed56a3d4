// The level shown, in the editor: its name and height, and its place in the building's order,
// swapped with the level above or below (the server gives the levels their ordinals in the new
// order and lists each lift's and stairs' units in it, as the venue contract has them).
import { useId, useState } from 'react';
import { level_height_m as heights } from '../../../../../docs/venue-contract.json';
import type { FeatureChange } from '../../api-answers';
import type { LevelEntry } from '../../../content/venues/viewer-files';
import { fill } from '../../../format/fill';
import type { ModeKit } from '../kit';
import { EditForm, TextField } from './edit-form';

export interface LevelFormProps {
  kit: ModeKit;
  busy: boolean;
  send: (changes: FeatureChange[]) => void;
}

export function LevelForm({ kit, busy, send }: LevelFormProps) {
  // Ascending ordinal, as the summary lists them.
  const levels = kit.summary?.levels ?? [];
  const at = levels.findIndex((entry) => entry.short === kit.level);
  const level = levels[at];
  if (!level) return null;
  return (
    <LevelFields
      key={`${level.id}:${level.name}:${level.ordinal}:${level.height}`}
      kit={kit}
      level={level}
      below={levels[at - 1]}
      above={levels[at + 1]}
      place={at + 1}
      count={levels.length}
      busy={busy}
      send={send}
      swapped={(other) => {
        const ids = levels.map((entry) => entry.id);
        const [i, j] = [at, ids.indexOf(other.id)];
        [ids[i], ids[j]] = [ids[j]!, ids[i]!];
        return { op: 'order_levels', ids };
      }}
    />
  );
}

function LevelFields(props: {
  kit: ModeKit;
  level: LevelEntry;
  below: LevelEntry | undefined;
  above: LevelEntry | undefined;
  place: number;
  count: number;
  busy: boolean;
  send: (changes: FeatureChange[]) => void;
  /** The building's levels in order with this one and `other` swapped. */
  swapped: (other: LevelEntry) => FeatureChange;
}) {
  const { kit, level, busy, send } = props;
  const { words } = kit;
  const [name, setName] = useState(level.name);
  const [height, setHeight] = useState(level.height === null ? '' : String(level.height));
  const heightId = `demo-${useId()}`;
  return (
    <>
      <h3 className="demo-edit__heading">{fill(words.edit_level, { short: level.short })}</h3>
      <EditForm
        label={fill(words.edit_level, { short: level.short })}
        onSubmit={() => {
          const properties = changed(level, name.trim(), height.trim());
          if (properties) send([{ op: 'patch', feature_type: 'level', id: level.id, properties }]);
        }}
      >
        <TextField
          label={words.edit_level_name}
          value={name}
          maxLength={40}
          required
          onInput={setName}
        />
        <label htmlFor={heightId}>{words.edit_level_height}</label>
        <input
          id={heightId}
          type="number"
          inputMode="decimal"
          min={heights.min}
          max={heights.max}
          step={0.1}
          placeholder={String(heights.default)}
          value={height}
          aria-describedby={`${heightId}-hint`}
          onInput={(event) => setHeight(event.currentTarget.value)}
        />
        <p id={`${heightId}-hint`}>{fill(words.edit_level_height_hint, heights)}</p>
        <button type="submit" className="demo-action" disabled={busy}>
          {words.edit_level_save}
        </button>
      </EditForm>
      <p>{fill(words.edit_level_order, { place: props.place, count: props.count })}</p>
      <div className="demo-actions" role="group" aria-label={words.edit_level_order_group}>
        {(
          [
            [props.above, words.edit_level_up],
            [props.below, words.edit_level_down],
          ] as const
        ).map(([other, label]) =>
          other ? (
            <button
              key={label}
              type="button"
              className="demo-action"
              disabled={busy}
              onClick={() => send([props.swapped(other)])}
            >
              {fill(label, { short: other.short })}
            </button>
          ) : null,
        )}
      </div>
    </>
  );
}

/** The level's properties the form changes, or null when it changes none (or the name is empty:
 * the browser's `required` says so). An empty height clears it: the contract's default applies. */
function changed(level: LevelEntry, name: string, height: string): Record<string, unknown> | null {
  const properties: Record<string, unknown> = {};
  if (!name) return null;
  if (name !== level.name) properties['name'] = { 'zh-Hans': name };
  const metres = height === '' ? null : Number(height);
  if (metres !== level.height) properties['height'] = metres;
  return Object.keys(properties).length ? properties : null;
}
