// "用我的场馆试一试" (issue #32): a visitor uploads their own building's IMDF archive and gets a
// private link that opens it on the demo's map. The size is checked here before a byte is sent;
// everything else (the archive, the venue check) is the server's, whose refusal is shown as is.
import { type DragEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { BuildingCreated, BuildingProblem } from '../demo/api-answers';
import type { UploadWords } from '../content/venues/words-toml';
import { fill } from '../format/fill';
import { buildingPaths, deleteBuilding, uploadBuilding } from './building-requests';
import { useElementId } from './island-root';

export interface BuildingUploadProps {
  /** content/venues/words.toml [upload]. */
  words: UploadWords;
}

type State =
  | { phase: 'choosing'; notice: 'too-large' | 'failed' | null; file: string; size: number }
  | { phase: 'uploading'; file: string }
  | { phase: 'refused'; message: string; problems: BuildingProblem[] }
  | { phase: 'stored'; building: BuildingCreated; deleting: boolean; deleteFailed: boolean };

const choosing: State = { phase: 'choosing', notice: null, file: '', size: 0 };
const mebibyte = 1024 * 1024;
const expiryDate = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'long' });

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

  const send = (file: File) => {
    if (file.size > words.max_mib * mebibyte) {
      setState({ phase: 'choosing', notice: 'too-large', file: file.name, size: file.size });
      return;
    }
    setState({ phase: 'uploading', file: file.name });
    void uploadBuilding(file).then((answer) => {
      if (answer.kind === 'stored') {
        setState({
          phase: 'stored',
          building: answer.building,
          deleting: false,
          deleteFailed: false,
        });
      } else if (answer.kind === 'refused') {
        setState({ phase: 'refused', message: answer.message, problems: answer.problems });
      } else {
        setState({ phase: 'choosing', notice: 'failed', file: file.name, size: file.size });
      }
    });
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
    const file = event.dataTransfer?.files[0];
    if (file && state.phase !== 'uploading') send(file);
  };

  let status = '';
  if (state.phase === 'uploading') status = fill(words.uploading, { file: state.file });
  if (state.phase === 'choosing' && state.notice === 'too-large') {
    const size = (state.size / mebibyte).toFixed(1);
    status = fill(words.too_large, { file: state.file, size, mib: words.max_mib });
  }
  if (state.phase === 'choosing' && state.notice === 'failed') status = words.failed;

  return (
    <div className="building-upload">
      {state.phase === 'choosing' || state.phase === 'uploading' ? (
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
            accept=".zip,application/zip"
            aria-describedby={`${hintId} ${statusId}`}
            disabled={state.phase === 'uploading'}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) send(file);
            }}
          />
          <p className="building-upload__drop-hint">{words.drop}</p>
        </div>
      ) : null}
      <p className="building-upload__status" id={statusId} role="status">
        {status}
      </p>
      {state.phase === 'refused' ? (
        <Refused state={state} words={words} headingRef={resultRef} onAgain={backToChoosing} />
      ) : null}
      {state.phase === 'stored' ? (
        <Stored
          state={state}
          words={words}
          headingRef={resultRef}
          onDelete={() => remove(state.building)}
        />
      ) : null}
    </div>
  );
}

function Refused({
  state,
  words,
  headingRef,
  onAgain,
}: {
  state: Extract<State, { phase: 'refused' }>;
  words: UploadWords;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAgain: () => void;
}) {
  return (
    <div className="building-upload__result building-upload__result--refused">
      <h3 className="building-upload__heading" ref={headingRef} tabIndex={-1}>
        {words.refused_heading}
      </h3>
      <p>{state.message}</p>
      {state.problems.length ? (
        <div
          className="building-upload__problems"
          role="region"
          aria-label={words.problems_caption}
          // A scrollable region: focusable so keyboard users can scroll a long list.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table>
            <caption>{words.problems_caption}</caption>
            <thead>
              <tr>
                <th scope="col">{words.problem_file}</th>
                <th scope="col">{words.problem_feature}</th>
                <th scope="col">{words.problem_field}</th>
                <th scope="col">{words.problem_rule}</th>
                <th scope="col">{words.problem_message}</th>
              </tr>
            </thead>
            <tbody>
              {state.problems.map((problem, index) => (
                <tr key={index}>
                  <td>{problem.file}</td>
                  <td>{problem.feature ?? '—'}</td>
                  <td>{problem.field}</td>
                  <td>{problem.rule}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <button type="button" className="button" onClick={onAgain}>
        {words.again}
      </button>
    </div>
  );
}

function Stored({
  state,
  words,
  headingRef,
  onDelete,
}: {
  state: Extract<State, { phase: 'stored' }>;
  words: UploadWords;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDelete: () => void;
}) {
  const { building } = state;
  const levels = building.levels.map((level) => level.name).join('、');
  return (
    <div className="building-upload__result building-upload__result--stored">
      <h3 className="building-upload__heading" ref={headingRef} tabIndex={-1}>
        {fill(words.stored_heading, { name: building.name })}
      </h3>
      <ul className="building-upload__facts">
        <li>{fill(words.levels, { count: building.levels.length, levels })}</li>
        <li>{fill(words.features, { count: building.features })}</li>
        <li>{fill(words.expires, { date: expiryDate.format(new Date(building.expires_at)) })}</li>
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
