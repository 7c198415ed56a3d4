// Joins a lift, an escalator or a stair of one level to its like on another (issue #32): an IMDF
// relationship of that kind between the two rooms, which the venue check then holds to the
// contract and the engine routes through. Only rooms of the same kind are offered on the other
// level, from its level file. The room's relationships (the summary's links) are listed, each
// with a button that removes it.
import { useEffect, useId, useState } from 'react';
import type { FeatureChange } from '../../api-answers';
import { fill } from '../../../format/fill';
import type { UnitShape } from '../../../content/venues/viewer-files';
import type { ModeKit } from '../kit';
import { EditForm } from './edit-form';
import { pagePunctuation } from '../../../runtime/page-language';

/** The unit categories that join levels (docs/venue-contract.json, role "connector"). */
const connectors = ['elevator', 'escalator', 'stairs'];

/** The relationship joining `from` and `to`, two rooms of the connector category `category`. */
export function connection(id: string, category: string, from: string, to: string): FeatureChange {
  const unit = (unitId: string) => ({ id: unitId, feature_type: 'unit' });
  return {
    op: 'add',
    feature: {
      type: 'Feature',
      id,
      feature_type: 'relationship',
      geometry: null,
      properties: {
        category,
        direction: 'undirected',
        origin: unit(from),
        intermediary: null,
        destination: unit(to),
        hours: null,
      },
    },
  };
}

export function ConnectLevels(props: {
  kit: ModeKit;
  room: UnitShape;
  disabled: boolean;
  onConnect: (change: FeatureChange) => void;
}) {
  const { kit, room } = props;
  const { words, summary, level } = kit;
  const [other, setOther] = useState('');
  const [choices, setChoices] = useState<UnitShape[] | null>(null);
  const [target, setTarget] = useState('');
  const levelId = `demo-${useId()}`;
  const roomId = `demo-${useId()}`;
  const otherLevels = (summary?.levels ?? []).filter((entry) => entry.short !== level);

  useEffect(() => {
    if (!other) return;
    let alive = true;
    kit.levelData(other).then(
      (model) => {
        if (!alive) return;
        const alike = model.units.map((unit) => unit.shape).filter((unit) => unit.c === room.c);
        setChoices(alike);
        setTarget(alike[0]?.id ?? '');
      },
      (error: unknown) => kit.fail(error, () => setOther('')),
    );
    return () => {
      alive = false;
    };
    // The kit's services are stable; a new room or level asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [other, room.c]);

  if (!connectors.includes(room.c)) return <p>{words.edit_connect_kind}</p>;
  const submit = () => {
    if (target) props.onConnect(connection(crypto.randomUUID(), room.c, room.id, target));
  };
  const links = (summary?.links ?? []).filter((link) =>
    link.units.some((unit) => unit.id === room.id),
  );
  return (
    <>
      {links.length ? (
        <ul className="demo-edit__links" aria-label={words.edit_links}>
          {links.map((link) => {
            const others = link.units
              .filter((unit) => unit.id !== room.id)
              .map((unit) => `${unit.level} ${unit.name ?? ''}`.trim())
              .join(pagePunctuation().list);
            return (
              <li key={link.id}>
                <button
                  type="button"
                  className="demo-action"
                  disabled={props.disabled}
                  onClick={() =>
                    props.onConnect({ op: 'remove', feature_type: 'relationship', id: link.id })
                  }
                >
                  {fill(words.edit_unlink, { place: others })}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <EditForm label={words.edit_connect} onSubmit={submit}>
        <label htmlFor={levelId}>{words.edit_connect_level}</label>
        <select
          id={levelId}
          value={other}
          onChange={(event) => {
            setChoices(null);
            setOther(event.currentTarget.value);
          }}
        >
          <option value="">—</option>
          {otherLevels.map((entry) => (
            <option key={entry.short} value={entry.short}>
              {entry.short} {entry.name}
            </option>
          ))}
        </select>
        {other && choices ? (
          choices.length ? (
            <>
              <label htmlFor={roomId}>{words.edit_connect_room}</label>
              <select
                id={roomId}
                value={target}
                onChange={(event) => setTarget(event.currentTarget.value)}
              >
                {choices.map((unit, index) => (
                  <option key={unit.id} value={unit.id}>
                    {unit.n ?? `${index + 1}`}
                  </option>
                ))}
              </select>
              <button type="submit" className="demo-action" disabled={props.disabled}>
                {words.edit_connect_button}
              </button>
            </>
          ) : (
            <p>{words.edit_connect_none}</p>
          )
        ) : null}
      </EditForm>
    </>
  );
}
