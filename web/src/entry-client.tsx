// The only script pages load (desktop variant only): hydrates the islands the build rendered,
// nothing else. Built with the browser runtime (Preact through preact/compat, vite.config.ts).
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from './islands/island-root';
import { type IslandName, islands } from './islands/registry';
import { readRuntime } from './runtime/runtime';

const runtime = readRuntime(document);

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
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
