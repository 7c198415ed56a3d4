// The mapping of a building's DXF drawings (issue #32): what each layer means (the server's
// guess from its name, to confirm), each drawing's level and unit, the venue's name and address,
// and where the building stands. Loaded only when a visitor chooses drawings; it lays out the
// server's reading of them (DrawingAnswer) and hands back the mapping the upload sends.
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type {
  DrawingAnswer,
  DrawingLevel,
  DrawingMapping,
  DrawingUnit,
  LayerUse,
} from '../../demo/api-answers';
import type { UploadWords } from '../../content/venues/words-toml';
import { fill } from '../../format/fill';
import { ScrollTable } from '../scroll-table';
import { guessLevel } from './level-guess';
import { pagePunctuation } from '../../runtime/page-language';

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
        <Input
          label={words.venue_name}
          value={mapping.venue_name}
          onValue={(venue_name) => setMapping((current) => ({ ...current, venue_name }))}
        />
        {(['locality', 'address'] as const).map((key) => (
          <Input
            key={key}
            label={words[key]}
            value={address[key]}
            onValue={(value) =>
              setMapping((current) => ({
                ...current,
                address: { ...current.address, [key]: value },
              }))
            }
          />
        ))}
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
            <Input
              key={key}
              label={label}
              type="number"
              step="any"
              min={min}
              max={max}
              value={placement[key]}
              onValue={(_, value) =>
                setMapping((current) => ({
                  ...current,
                  placement: { ...current.placement, [key]: value },
                }))
              }
            />
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

/**
 * A labelled, required input: `onValue` gets its text and, for a number, its value; read when
 * the event fires, as the change lands after the next render.
 */
function Input({
  label,
  onValue,
  ...input
}: { label: string; onValue: (text: string, number: number) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'required'
>) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          required
          {...input}
          onChange={(e) => onValue(e.currentTarget.value, e.currentTarget.valueAsNumber)}
        />
      )}
    </Field>
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
        <Input
          label={words.level_short}
          pattern="[A-Za-z0-9\-]+"
          value={level.short_name}
          onValue={(short_name) => onChange({ short_name })}
        />
        <Input label={words.level_name} value={level.name} onValue={(name) => onChange({ name })} />
        <Input
          label={words.level_ordinal}
          type="number"
          step={1}
          value={level.ordinal}
          onValue={(_, ordinal) => onChange({ ordinal })}
        />
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
  // A real drawing lists dozens of empty layers (Defpoints, imported references): only those
  // that hold something have a meaning to choose.
  const drawn = drawing.layers.filter((layer) => Object.values(layer.counts).some(Boolean));
  return (
    <ScrollTable
      caption={words.layers_caption}
      columns={[words.layer_name, words.layer_content, words.layer_use]}
    >
      {drawn.map((layer) => {
        const objects = Object.values(layer.counts).reduce<number>((a, b) => a + (b ?? 0), 0);
        const content = [
          layer.closed_polylines ? fill(words.layer_closed, { count: layer.closed_polylines }) : '',
          fill(words.layer_objects, { count: objects }),
          layer.texts.join(pagePunctuation().list),
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
    </ScrollTable>
  );
}
