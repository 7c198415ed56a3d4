// A link whose address comes from content (`/next/...`, `link:<key>`, `https://...`): addresses on
// this site open in place; external ones open in a new window, and say so to screen readers.
import type { ReactNode } from 'react';
import { resolveLink, useRuntime } from '../runtime/runtime';
import { NewWindowNote } from './new-window-note';

export function ContentLink({
  path,
  newWindowNote,
  children,
}: {
  path: string;
  /** The words screen readers hear for a link that opens a new window. */
  newWindowNote: string;
  children: ReactNode;
}) {
  const { href, external } = resolveLink(path, useRuntime());
  if (!external) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <NewWindowNote text={newWindowNote} />
    </a>
  );
}
