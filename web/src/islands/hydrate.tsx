// Hydrates the islands the build rendered into the page. Each entry script passes only the
// islands its pages use, so a page downloads no island code it does not run: the mobile
// business page gets the form alone, the sales page the admin table alone. An entry may also
// name islands to hydrate later, with code loaded then (the hand-over page's upload form), and
// loaded again should that fail (load-again.ts).
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type Runtime, placeholderRuntime, readRuntime, runtimeScriptId } from '../runtime/runtime';
import { yieldToMain } from '../runtime/yield';
import { IslandRoot } from './island-root';
import { loadAgainOnFailure } from './load-again';
import type { IslandName } from './registry';

type Island = ComponentType<never>;

/** Islands hydrated once `after` has resolved, each with its code loaded then. */
export interface LaterIslands {
  after: Promise<unknown>;
  islands: Partial<Record<IslandName, () => Promise<Island>>>;
}

export async function hydrateIslands(
  islands: Partial<Record<IslandName, Island>>,
  later?: LaterIslands,
): Promise<void> {
  // The sales page has no deployment values; it renders with the build's placeholders.
  const runtime: Runtime = document.getElementById(runtimeScriptId)
    ? readRuntime(document)
    : placeholderRuntime;
  const waiting: [HTMLElement, () => Promise<Island>][] = [];
  let first = true;
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island as IslandName;
    const load = later?.islands[name];
    if (load) {
      waiting.push([element, load]);
      continue;
    }
    // Each further island in a task of its own: a phone's taps wait for the task running.
    if (!first) await yieldToMain();
    first = false;
    hydrate(element, islands[name], runtime);
  }
  if (!later || waiting.length === 0) return;
  await later.after;
  // Each on its own: one whose code keeps failing leaves the others hydrated.
  await Promise.all(
    waiting.map(async ([element, load]) => {
      const Component = await loadAgainOnFailure(load, element);
      await yieldToMain();
      hydrate(element, Component, runtime);
    }),
  );
}

function hydrate(element: HTMLElement, Component: Island | undefined, runtime: Runtime) {
  const name = element.dataset.island as IslandName;
  const propsElement = element.nextElementSibling;
  if (!Component || !propsElement?.matches(`script[data-island-props="${name}"]`)) {
    console.error(`island "${name}" cannot hydrate: unknown name or props missing`);
    return;
  }
  const props = JSON.parse(propsElement.textContent ?? '{}') as object;
  const Shown = Component as ComponentType<object>;
  hydrateRoot(
    element,
    <IslandRoot name={name} runtime={runtime}>
      <Shown {...props} />
    </IslandRoot>,
  );
  // Hydration is synchronous: from here on the island responds. Tests wait for this mark.
  element.dataset.hydrated = '';
}
