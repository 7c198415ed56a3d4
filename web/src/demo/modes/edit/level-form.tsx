// The level shown, in the editor: its name, and its place in the building's order, swapped with
// the level above or below (the server gives the levels their ordinals in the new order and
// lists each lift's and stairs' units in it, as the venue contract has them).
import { useState } from 'react';
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
      key={`${level.id}:${level.name}:${level.ordinal}`}
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
  return (
    <>
      <h3 className="demo-edit__heading">{fill(words.edit_level, { short: level.short })}</h3>
      <EditForm
        label={fill(words.edit_level, { short: level.short })}
        onSubmit={() => {
          const text = name.trim();
          if (text)
            send([
              {
                op: 'patch',
                feature_type: 'level',
                id: level.id,
                properties: { name: { 'zh-Hans': text } },
              },
            ]);
        }}
      >
        <TextField
          label={words.edit_level_name}
          value={name}
          maxLength={40}
          required
          onInput={setName}
        />
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
