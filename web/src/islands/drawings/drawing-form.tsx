// The mapping of a building's DXF drawings (issue #32): what each layer means (the server's
// guess from its name, to confirm), each drawing's level and unit, the venue's name and address,
// and where the building stands. Loaded only when a visitor chooses drawings; it lays out the
// server's reading of them (DrawingAnswer) and hands back the mapping the upload sends.
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type {
  DrawingAnswer,
  DrawingLevel,
  DrawingMapping,
  DrawingUnit,
  LayerUse,
} from '../../demo/api-answers';
import type { UploadWords } from '../../content/venues/words-toml';
import { fill } from '../../format/fill';
import { guessLevel } from './level-guess';

export interface ReadDrawing {
  file: File;
  drawing: DrawingAnswer;
}

const uses: LayerUse[] = [
  'room',
  'wall',
  'door',
  'text',
  'elevator',
  'escalator',
  'stairs',
  'ignore',
];
const units: DrawingUnit[] = ['millimetre', 'centimetre', 'metre', 'inch', 'foot'];
const metresPer: Record<DrawingUnit, number> = {
  millimetre: 0.001,
  centimetre: 0.01,
  metre: 1,
  inch: 0.0254,
  foot: 0.3048,
};
/** Where a building stands when the visitor does not say: People's Square, Shanghai. */
const defaultPlace = { lon: 121.4737, lat: 31.2304 };

/** The mapping a visitor who accepts every guess would send. */
export function suggestedMapping(drawings: ReadDrawing[], words: UploadWords): DrawingMapping {
  const extents = drawings[0]?.drawing.extents;
  const at: [number, number] = extents
    ? [(extents.min[0] + extents.max[0]) / 2, (extents.min[1] + extents.max[1]) / 2]
    : [0, 0];
  const names = { above: words.level_name_above, below: words.level_name_below };
  return {
    venue_name: drawings[0]?.file.name.replace(/\.[^.]*$/, '') ?? '',
    address: { address: '', locality: '', province: null, country: 'CN' },
    placement: { at, ...defaultPlace, rotation_deg: 0 },
    levels: drawings.map(({ file, drawing }, index) => {
      const guess = guessLevel(file.name, index, names);
      return {
        file: file.name,
        name: guess.name,
        short_name: guess.short,
        ordinal: guess.ordinal,
        layers: Object.fromEntries(drawing.layers.map((layer) => [layer.name, layer.suggested])),
        unit: null,
        known_length: null,
      };
    }),
  };
}

/** A change of a level's mapping, or a function of the level as it is when the change lands. */
type LevelChange = Partial<DrawingLevel> | ((level: DrawingLevel) => Partial<DrawingLevel>);

export interface DrawingFormProps {
  words: UploadWords;
  drawings: ReadDrawing[];
  /** The mapping to start from: the suggestion, or what the visitor sent before. */
  initial: DrawingMapping;
  onConvert: (mapping: DrawingMapping) => void;
  onCancel: () => void;
}

export function DrawingForm({ words, drawings, initial, onConvert, onCancel }: DrawingFormProps) {
  const [mapping, setMapping] = useState(initial);
  const id = useId();
  // The form takes the focus when it appears, so a screen reader starts reading it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const setLevel = (index: number, change: LevelChange) =>
    setMapping((current) => ({
      ...current,
      levels: current.levels.map((level, i) =>
        i === index
          ? { ...level, ...(typeof change === 'function' ? change(level) : change) }
          : level,
      ),
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConvert(mapping);
  };
  const { placement, address } = mapping;
  return (
    <form className="drawing-form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="building-upload__heading" ref={headingRef} tabIndex={-1}>
        {words.mapping_heading}
      </h3>
      <p>{words.mapping_intro}</p>
      <div className="drawing-form__fields">
        <Field label={words.venue_name}>
          {(fieldId) => (
            <input
              id={fieldId}
              required
              value={mapping.venue_name}
              onChange={(e) => {
                const venue_name = e.currentTarget.value;
                setMapping((current) => ({ ...current, venue_name }));
              }}
            />
          )}
        </Field>
        <Field label={words.locality}>
          {(fieldId) => (
            <input
              id={fieldId}
              required
              value={address.locality}
              onChange={(e) => {
                const locality = e.currentTarget.value;
                setMapping((current) => ({
                  ...current,
                  address: { ...current.address, locality },
                }));
              }}
            />
          )}
        </Field>
        <Field label={words.address}>
          {(fieldId) => (
            <input
              id={fieldId}
              required
              value={address.address}
              onChange={(e) => {
                const address = e.currentTarget.value;
                setMapping((current) => ({ ...current, address: { ...current.address, address } }));
              }}
            />
          )}
        </Field>
      </div>
      <fieldset className="drawing-form__placement" aria-describedby={`${id}-placement`}>
        <legend>{words.placement}</legend>
        <p id={`${id}-placement`} className="drawing-form__hint">
          {words.placement_hint}
        </p>
        <div className="drawing-form__fields">
          {(
            [
              ['lon', words.lon, -180, 180],
              ['lat', words.lat, -85, 85],
              ['rotation_deg', words.rotation, -360, 360],
            ] as const
          ).map(([key, label, min, max]) => (
            <Field key={key} label={label}>
              {(fieldId) => (
                <input
                  id={fieldId}
                  type="number"
                  step="any"
                  min={min}
                  max={max}
                  required
                  value={placement[key]}
                  onChange={(e) => {
                    const value = e.currentTarget.valueAsNumber;
                    setMapping((current) => ({
                      ...current,
                      placement: { ...current.placement, [key]: value },
                    }));
                  }}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      {drawings.map(({ file, drawing }, index) => (
        <DrawingLevelFields
          key={file.name}
          words={words}
          drawing={drawing}
          level={mapping.levels[index]!}
          onChange={(change) => setLevel(index, change)}
        />
      ))}
      <div className="building-upload__actions">
        <button type="submit" className="button button--primary">
          {words.convert}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {words.cancel}
        </button>
      </div>
    </form>
  );
}

/** A labelled field: the label above its control. */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="drawing-form__field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

function DrawingLevelFields({
  words,
  drawing,
  level,
  onChange,
}: {
  words: UploadWords;
  drawing: DrawingAnswer;
  level: DrawingLevel;
  onChange: (change: LevelChange) => void;
}) {
  const unitName = (unit: DrawingUnit) => words[`unit_${unit}`];
  const unit = level.unit ?? drawing.unit;
  const size =
    unit && drawing.extents
      ? fill(words.size, {
          width: ((drawing.extents.max[0] - drawing.extents.min[0]) * metresPer[unit]).toFixed(1),
          height: ((drawing.extents.max[1] - drawing.extents.min[1]) * metresPer[unit]).toFixed(1),
        })
      : '';
  return (
    <fieldset className="drawing-form__level">
      <legend>{fill(words.drawing_legend, { file: level.file })}</legend>
      <div className="drawing-form__fields">
        <Field label={words.level_short}>
          {(id) => (
            <input
              id={id}
              required
              pattern="[A-Za-z0-9\-]+"
              value={level.short_name}
              onChange={(e) => onChange({ short_name: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label={words.level_name}>
          {(id) => (
            <input
              id={id}
              required
              value={level.name}
              onChange={(e) => onChange({ name: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label={words.level_ordinal}>
          {(id) => (
            <input
              id={id}
              type="number"
              step={1}
              required
              value={level.ordinal}
              onChange={(e) => onChange({ ordinal: e.currentTarget.valueAsNumber })}
            />
          )}
        </Field>
        <Field label={words.unit}>
          {(id) => (
            <select
              id={id}
              // "As the drawing says" is the empty value: a choice only when it says nothing.
              required={!drawing.unit}
              value={level.unit ?? ''}
              onChange={(e) => onChange({ unit: (e.currentTarget.value || null) as DrawingUnit })}
            >
              <option value="" disabled={!drawing.unit}>
                {drawing.unit
                  ? fill(words.unit_drawing, { unit: unitName(drawing.unit) })
                  : words.unit_missing}
              </option>
              {units.map((u) => (
                <option key={u} value={u}>
                  {unitName(u)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {size ? <p className="drawing-form__hint">{size}</p> : null}
      <LayerTable
        words={words}
        drawing={drawing}
        layers={level.layers}
        onChange={(name, use) =>
          onChange((current) => ({ layers: { ...current.layers, [name]: use } }))
        }
      />
    </fieldset>
  );
}

function LayerTable({
  words,
  drawing,
  layers,
  onChange,
}: {
  words: UploadWords;
  drawing: DrawingAnswer;
  layers: DrawingLevel['layers'];
  onChange: (layer: string, use: LayerUse) => void;
}) {
  return (
    <div
      className="building-upload__problems"
      role="region"
      aria-label={words.layers_caption}
      // A scrollable region: focusable so keyboard users can scroll a long list.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table>
        <caption>{words.layers_caption}</caption>
        <thead>
          <tr>
            <th scope="col">{words.layer_name}</th>
            <th scope="col">{words.layer_content}</th>
            <th scope="col">{words.layer_use}</th>
          </tr>
        </thead>
        <tbody>
          {drawing.layers.map((layer) => {
            const objects = Object.values(layer.counts).reduce<number>((a, b) => a + (b ?? 0), 0);
            const content = [
              layer.closed_polylines
                ? fill(words.layer_closed, { count: layer.closed_polylines })
                : '',
              fill(words.layer_objects, { count: objects }),
              layer.texts.join('、'),
            ].filter(Boolean);
            return (
              <tr key={layer.name}>
                <th scope="row">{layer.name}</th>
                <td>{content.join(' · ')}</td>
                <td>
                  <select
                    aria-label={`${layer.name} ${words.layer_use}`}
                    value={layers[layer.name] ?? 'ignore'}
                    onChange={(e) => onChange(layer.name, e.currentTarget.value as LayerUse)}
                  >
                    {uses.map((use) => (
                      <option key={use} value={use}>
                        {words[`use_${use}`]}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
