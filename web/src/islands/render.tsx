// Server side of the islands. Built with the browser runtime (Preact through preact/compat, see
// vite.config.ts), so the HTML the build writes is exactly what the browser hydrates: one
// library renders and hydrates each island, and their markup cannot drift apart.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { placeholderRuntime } from '../runtime/runtime';
import { IslandRoot } from './island-root';
import { type IslandName, type IslandProps, islands } from './registry';

/** The island's HTML, with `%%SITE:` placeholders the server fills in at start. */
export function renderIsland<N extends IslandName>(name: N, props: IslandProps<N>): string {
  const Component = islands[name] as ComponentType<object>;
  return renderToString(
    <IslandRoot name={name} runtime={placeholderRuntime}>
      <Component {...(props as object)} />
    </IslandRoot>,
  );
}

export type IslandRenderer = typeof renderIsland;

/**
 * How a page asks for an island: with the props' JSON as well, which the page writes beside the
 * island and a build's cache keys by (web/scripts/island-cache.ts). `renderIsland` is one.
 */
export type PageIslandRenderer = <N extends IslandName>(
  name: N,
  props: IslandProps<N>,
  json: string,
) => string;
