// The tree every island renders in, on the server and in the browser alike, so both render the
// same thing: the runtime values, and the island's name, which prefixes its element ids.
import { type ReactNode, createContext, useContext, useId } from 'react';
import { type Runtime, RuntimeContext } from '../runtime/runtime';
import type { IslandName } from './registry';

const IslandNameContext = createContext('island');

export function IslandRoot({
  name,
  runtime,
  children,
}: {
  name: IslandName;
  runtime: Runtime;
  children: ReactNode;
}) {
  return (
    <RuntimeContext value={runtime}>
      <IslandNameContext value={name}>{children}</IslandNameContext>
    </RuntimeContext>
  );
}

/**
 * An element id unique in the whole page. useId counts from zero again in every island root, so
 * two islands on one page would otherwise hand out the same ids.
 */
export function useElementId(): string {
  return `${useContext(IslandNameContext)}-${useId()}`;
}
