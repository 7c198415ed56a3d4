// "用我的场馆试一试" (issue #32): a visitor uploads their own building (an IMDF archive, or one
// DXF drawing per level, mapped in drawings/drawing-form.tsx, loaded when drawings are chosen)
// and gets a private link that opens it on the demo's map. The size is checked here before a
// byte is sent; everything else (the archive, the drawings, the venue check) is the server's,
// whose refusal is shown as is.
import { type DragEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { BuildingCreated, BuildingProblem, DrawingMapping } from '../demo/api-answers';
import type { UploadWords } from '../content/venues/words-toml';
import { fill } from '../format/fill';
import {
  type UploadAnswer,
  buildingPaths,
  deleteBuilding,
  readDrawing,
  uploadBuilding,
  uploadDrawings,
} from '../demo/building-requests';
import type { DrawingForm, ReadDrawing } from './drawings/drawing-form';
import { useElementId } from './island-root';
import { ScrollTable } from './scroll-table';
import { pageLocale, pagePunctuation } from '../runtime/page-language';

export interface BuildingUploadProps {
  /** content/venues/words.toml [upload]. */
  words: UploadWords;
}

/** Drawings read and their mapping so far, with the form that maps them. */
interface Drawings {
  drawings: ReadDrawing[];
  mapping: DrawingMapping;
  Form: typeof DrawingForm;
}

type State =
  | {
      phase: 'choosing';
      notice: 'too-large' | 'failed' | 'mixed' | null;
      file: string;
      size: number;
    }
  | { phase: 'reading'; file: string }
  | { phase: 'mapping'; drawings: Drawings }
  | { phase: 'uploading'; file: string; converting: boolean }
  | {
      phase: 'refused';
      message: string;
      problems: BuildingProblem[];
      /** Drawings refused after their mapping: the way back to it. */
      drawings?: Drawings;
    }
  | { phase: 'stored'; building: BuildingCreated; deleting: boolean; deleteFailed: boolean };

const choosing: State = { phase: 'choosing', notice: null, file: '', size: 0 };
const isDrawing = (file: File) => /\.dxf$/i.test(file.name);
const mebibyte = 1024 * 1024;
// Made when first needed: the first Intl object of a page loads the locale's data (15-20 ms of
// the hand-over page's script evaluation), a cost every page carrying the form paid at load.
let expiryDate: Intl.DateTimeFormat | undefined;
const formatExpiry = (expires: string | number) =>
  (expiryDate ??= new Intl.DateTimeFormat(pageLocale(), { dateStyle: 'long' })).format(
    new Date(expires),
  );

export function BuildingUpload({ words }: BuildingUploadProps) {
  const [state, setState] = useState<State>(choosing);
  const inputId = useElementId();
  const hintId = useElementId();
  const statusId = useElementId();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  // A result takes the focus, so a screen reader reads it and the keyboard starts from it; going
  // back to choosing hands the focus to the file input.
  const focusInput = useRef(false);
  useEffect(() => {
    if (state.phase === 'refused' || state.phase === 'stored') resultRef.current?.focus();
    if (state.phase === 'choosing' && focusInput.current) {
      focusInput.current = false;
      inputRef.current?.focus();
    }
  }, [state.phase]);

  const answered = (answer: UploadAnswer, label: string, size: number, drawings?: Drawings) => {
    if (answer.kind === 'stored') {
      setState({
        phase: 'stored',
        building: answer.building,
        deleting: false,
        deleteFailed: false,
      });
    } else if (answer.kind === 'refused') {
      setState({ phase: 'refused', message: answer.message, problems: answer.problems, drawings });
    } else {
      setState({ phase: 'choosing', notice: 'failed', file: label, size });
    }
  };

  const send = (files: File[]) => {
    const label = files.map((file) => file.name).join(pagePunctuation().list);
    const size = files.reduce((total, file) => total + file.size, 0);
    if (size > words.max_mib * mebibyte) {
      setState({ phase: 'choosing', notice: 'too-large', file: label, size });
      return;
    }
    const drawn = files.filter(isDrawing);
    if (drawn.length === files.length) {
      read(files, label, size);
      return;
    }
    if (files.length > 1) {
      setState({ phase: 'choosing', notice: 'mixed', file: label, size });
      return;
    }
    setState({ phase: 'uploading', file: label, converting: false });
    const file = files[0]!;
    void uploadBuilding(file, file.name).then((answer) => answered(answer, label, size));
  };

  // The drawings are read by the server one after another (it takes one upload of a visitor at
  // a time) while the form's code loads.
  const read = (files: File[], label: string, size: number) => {
    setState({ phase: 'reading', file: label });
    const failed = () => setState({ phase: 'choosing', notice: 'failed', file: label, size });
    const readAll = async () => {
      const drawings: ReadDrawing[] = [];
      for (const file of files) {
        const answer = await readDrawing(file);
        if (answer.kind !== 'read') return { file, answer };
        drawings.push({ file, drawing: answer.drawing });
      }
      return drawings;
    };
    void Promise.all([import('./drawings/drawing-form'), readAll()]).then(([module, read]) => {
      if (Array.isArray(read)) {
        const mapping = module.suggestedMapping(read, words);
        setState({
          phase: 'mapping',
          drawings: { drawings: read, mapping, Form: module.DrawingForm },
        });
      } else if (read.answer.kind === 'refused') {
        const message = fill(words.drawing_refused, {
          file: read.file.name,
          message: read.answer.message,
        });
        setState({ phase: 'refused', message, problems: read.answer.problems });
      } else {
        failed();
      }
    }, failed);
  };

  const convert = (drawings: Drawings, mapping: DrawingMapping) => {
    const files = drawings.drawings.map(({ file }) => file);
    const label = files.map((file) => file.name).join(pagePunctuation().list);
    const size = files.reduce((total, file) => total + file.size, 0);
    setState({ phase: 'uploading', file: label, converting: true });
    const sent = files.map((file) => ({ file: file.name, blob: file }));
    void uploadDrawings(mapping, sent).then((answer) =>
      answered(answer, label, size, { ...drawings, mapping }),
    );
  };

  const backToChoosing = () => {
    focusInput.current = true;
    setState(choosing);
  };

  const remove = (building: BuildingCreated) => {
    setState({ phase: 'stored', building, deleting: true, deleteFailed: false });
    void deleteBuilding(building.id).then((gone) => {
      if (gone) backToChoosing();
      else setState({ phase: 'stored', building, deleting: false, deleteFailed: true });
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length && (state.phase === 'choosing' || state.phase === 'refused')) send(files);
  };

  // What every result of the form is given besides its state.
  const result = { words, headingRef: resultRef };

  let status = '';
  if (state.phase === 'uploading') {
    status = state.converting ? words.converting : fill(words.uploading, { file: state.file });
  }
  if (state.phase === 'reading') status = fill(words.reading, { file: state.file });
  if (state.phase === 'choosing' && state.notice === 'mixed') status = words.mixed;
  if (state.phase === 'choosing' && state.notice === 'too-large') {
    const size = (state.size / mebibyte).toFixed(1);
    status = fill(words.too_large, { file: state.file, size, mib: words.max_mib });
  }
  if (state.phase === 'choosing' && state.notice === 'failed') status = words.failed;

  return (
    <div className="building-upload">
      {state.phase === 'choosing' ||
      state.phase === 'reading' ||
      (state.phase === 'uploading' && !state.converting) ? (
        <div
          className={`building-upload__drop${dragging ? ' is-dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p className="building-upload__what" id={hintId}>
            {words.what} {fill(words.limit, { mib: words.max_mib })}
          </p>
          <label className="building-upload__label" htmlFor={inputId}>
            {words.choose}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="building-upload__input"
            type="file"
            accept=".zip,application/zip,.dxf,.geojson,.json"
            multiple
            aria-describedby={`${hintId} ${statusId}`}
            disabled={state.phase !== 'choosing'}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              if (files.length) send(files);
            }}
          />
          <p className="building-upload__drop-hint">{words.drop}</p>
        </div>
      ) : null}
      <p className="building-upload__status" id={statusId} role="status">
        {status}
      </p>
      {state.phase === 'mapping' ? (
        <state.drawings.Form
          words={words}
          drawings={state.drawings.drawings}
          initial={state.drawings.mapping}
          onConvert={(mapping) => convert(state.drawings, mapping)}
          onCancel={backToChoosing}
        />
      ) : null}
      {state.phase === 'refused' ? (
        <Refused
          state={state}
          {...result}
          onAgain={backToChoosing}
          onBack={
            state.drawings
              ? () => setState({ phase: 'mapping', drawings: state.drawings! })
              : undefined
          }
        />
      ) : null}
      {state.phase === 'stored' ? (
        <Stored state={state} {...result} onDelete={() => remove(state.building)} />
      ) : null}
    </div>
  );
}

/** What a result of the form is given: its state, the words, and the heading that takes the focus. */
interface ResultProps<P extends State['phase']> {
  state: Extract<State, { phase: P }>;
  words: UploadWords;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

function Refused({
  state,
  words,
  headingRef,
  onAgain,
  onBack,
}: ResultProps<'refused'> & {
  onAgain: () => void;
  /** Back to the drawings' mapping, kept as it was sent. */
  onBack: (() => void) | undefined;
}) {
  return (
    <div className="building-upload__result building-upload__result--refused">
      <h3 className="building-upload__heading" ref={headingRef} tabIndex={-1}>
        {words.refused_heading}
      </h3>
      <p>{state.message}</p>
      {state.problems.length ? (
        <ScrollTable
          caption={words.problems_caption}
          columns={[
            words.problem_file,
            words.problem_feature,
            words.problem_field,
            words.problem_rule,
            words.problem_message,
          ]}
        >
          {state.problems.map((problem, index) => (
            <tr key={index}>
              <td>{problem.file}</td>
              <td>{problem.feature ?? '—'}</td>
              <td>{problem.field}</td>
              <td>{problem.rule}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      <div className="building-upload__actions">
        {onBack ? (
          <button type="button" className="button button--primary" onClick={onBack}>
            {words.back_to_mapping}
          </button>
        ) : null}
        <button type="button" className="button" onClick={onAgain}>
          {words.again}
        </button>
      </div>
    </div>
  );
}

function Stored({
  state,
  words,
  headingRef,
  onDelete,
}: ResultProps<'stored'> & { onDelete: () => void }) {
  const { building } = state;
  const levels = building.levels.map((level) => level.name).join(pagePunctuation().list);
  return (
    <div className="building-upload__result building-upload__result--stored">
      <h3 className="building-upload__heading" ref={headingRef} tabIndex={-1}>
        {fill(words.stored_heading, { name: building.name })}
      </h3>
      <ul className="building-upload__facts">
        <li>{fill(words.levels, { count: building.levels.length, levels })}</li>
        <li>{fill(words.features, { count: building.features })}</li>
        <li>{fill(words.expires, { date: formatExpiry(building.expires_at) })}</li>
      </ul>
      <div className="building-upload__actions">
        <a className="button button--primary" href={buildingPaths.map(building.id)}>
          {words.open}
        </a>
        <a className="button" href={buildingPaths.archive(building.id)} download>
          {words.download}
        </a>
        <button type="button" className="button" onClick={onDelete} disabled={state.deleting}>
          {state.deleting ? words.deleting : words.delete}
        </button>
      </div>
      {state.deleteFailed ? <p role="alert">{words.delete_failed}</p> : null}
      <p className="building-upload__private">{words.private}</p>
    </div>
  );
}
