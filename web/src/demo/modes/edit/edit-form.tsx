// A form of the editor's panel, submitted without leaving the page.
import type { ReactNode } from 'react';

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
