// Hydrates the islands the build rendered into the page. Each entry script passes only the
// islands its pages use, so a page downloads no island code it does not run: the mobile
// business page gets the form alone, the sales page the admin table alone.
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type Runtime, placeholderRuntime, readRuntime, runtimeScriptId } from '../runtime/runtime';
import { yieldToMain } from '../runtime/yield';
import { IslandRoot } from './island-root';
import type { IslandName } from './registry';

export async function hydrateIslands(
  islands: Partial<Record<IslandName, ComponentType<never>>>,
): Promise<void> {
  // The sales page has no deployment values; it renders with the build's placeholders.
  const runtime: Runtime = document.getElementById(runtimeScriptId)
    ? readRuntime(document)
    : placeholderRuntime;
  let first = true;
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    // Each further island in a task of its own: a phone's taps wait for the task running.
    if (!first) await yieldToMain();
    first = false;
    const name = element.dataset.island as IslandName;
    const Component = islands[name] as ComponentType<object> | undefined;
    const propsElement = element.nextElementSibling;
    if (!Component || !propsElement?.matches(`script[data-island-props="${name}"]`)) {
      console.error(`island "${name}" cannot hydrate: unknown name or props missing`);
      continue;
    }
    const props = JSON.parse(propsElement.textContent ?? '{}') as object;
    hydrateRoot(
      element,
      <IslandRoot name={name} runtime={runtime}>
        <Component {...props} />
      </IslandRoot>,
    );
    // Hydration is synchronous: from here on the island responds. Tests wait for this mark.
    element.dataset.hydrated = '';
  }
}
