// A button that shows only a small line icon and is named by its aria-label: the map's controls,
// a place card's close button, the search box's clear button.
import type { CSSProperties, ReactNode } from 'react';

/** The strokes of a cross, for the buttons that close or clear. */
export const crossPath = 'M5 5l10 10M15 5L5 15';

export interface IconButtonProps {
  className: string;
  label: string;
  onClick: () => void;
  /** The icon's strokes, on a 20 by 20 grid. */
  children: ReactNode;
  /** Turns the icon (the compass). */
  iconStyle?: CSSProperties;
}

export function IconButton({ className, label, onClick, children, iconStyle }: IconButtonProps) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 20 20" aria-hidden="true" style={iconStyle}>
        {children}
      </svg>
    </button>
  );
}
