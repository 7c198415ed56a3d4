// The panels' text buttons, one of them the panel's primary action.
import type { ReactNode } from 'react';

export function Button(props: {
  onClick: () => void;
  primary?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.primary ? 'demo-button demo-button--primary' : 'demo-button'}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
