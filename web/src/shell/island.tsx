// Page side of an island: the HTML the islands' own renderer made (src/islands/render.tsx) in
// the element the browser hydrates, followed by the island's props as JSON.
import { createContext, useContext } from 'react';
import type { PageIslandRenderer } from '../islands/render';
import type { IslandName, IslandProps } from '../islands/registry';
import { jsonForScript } from '../components/json-for-script';

/** Provided by entry-server.tsx with the renderer the build loaded. */
export const IslandRendererContext = createContext<PageIslandRenderer | null>(null);

export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const render = useContext(IslandRendererContext);
  if (!render) throw new Error(`island "${name}" rendered without an IslandRendererContext`);
  const json = jsonForScript(props);
  // The browser reads the props as they are: a server placeholder in them would never be filled.
  if (json.includes('%%SITE:')) {
    throw new Error(
      `island "${name}": its props contain a %%SITE: placeholder; pass it through the runtime context instead`,
    );
  }
  return (
    <>
      <div
        className="island"
        data-island={name}
        dangerouslySetInnerHTML={{ __html: render(name, props, json) }}
      />
      <script
        type="application/json"
        data-island-props={name}
        dangerouslySetInnerHTML={{ __html: json }}
      />
    </>
  );
}
