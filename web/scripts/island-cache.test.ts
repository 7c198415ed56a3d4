// Islands' HTML kept between builds (island-cache.ts): the same props with the same renderer are
// rendered once, other props or a new renderer render again, and what two builds in a row did not
// use is gone.
import { expect, it } from 'vitest';
import type { IslandRenderer } from '../src/islands/render';
import { IslandCache } from './island-cache';

/** A renderer that writes its props and counts its calls. */
function counting(label: string) {
  const calls: string[] = [];
  const render = ((name: string, props: unknown) => {
    calls.push(`${name} ${JSON.stringify(props)}`);
    return `<p>${label} ${name} ${JSON.stringify(props)}</p>`;
  }) as IslandRenderer;
  return { render, calls };
}

it('renders each island once per props and renderer, and keeps two builds', () => {
  const cache = new IslandCache();
  const first = counting('one');
  const props = (path: string) => ({ path }) as never;

  let build = cache.forBuild(first.render);
  // As a page asks: with the props' JSON.
  const island = (name: 'header-nav' | 'floating-tool', path: string) =>
    build(name, props(path), JSON.stringify(props(path)));
  expect(island('header-nav', '/next/')).toBe('<p>one header-nav {"path":"/next/"}</p>');
  island('header-nav', '/next/');
  island('floating-tool', '/next/');
  island('header-nav', '/next/map');
  expect(first.calls).toHaveLength(3);

  // The next build: only the changed props render.
  build = cache.forBuild(first.render);
  expect(island('header-nav', '/next/')).toBe('<p>one header-nav {"path":"/next/"}</p>');
  island('header-nav', '/next/about');
  expect(first.calls).toHaveLength(4);

  // Two builds later, what the last one did not use renders again.
  build = cache.forBuild(first.render);
  island('header-nav', '/next/map');
  expect(first.calls).toHaveLength(5);

  // A rebuilt bundle's renderer starts from nothing.
  const second = counting('two');
  build = cache.forBuild(second.render);
  expect(island('header-nav', '/next/')).toBe('<p>two header-nav {"path":"/next/"}</p>');
  expect(second.calls).toHaveLength(1);
});
