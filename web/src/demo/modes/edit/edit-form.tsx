// A form of the editor's panel, submitted without leaving the page, and its labelled fields.
import { type ReactNode, useId } from 'react';

export function EditForm(props: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="demo-edit__room"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
    </form>
  );
}

/** A labelled line of text. */
export function TextField(props: {
  label: string;
  value: string;
  maxLength: number;
  required?: boolean;
  onInput: (value: string) => void;
}) {
  const id = `demo-${useId()}`;
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        value={props.value}
        maxLength={props.maxLength}
        required={props.required}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    </>
  );
}

/** A labelled choice among `[value, label]` pairs. */
export function ChoiceField(props: {
  label: string;
  value: string;
  choices: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = `demo-${useId()}`;
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </>
  );
}
