import { afterEach, expect, it, vi } from 'vitest';
import { hydrateIslands } from './hydrate';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** An island as the build writes it: its markup, then its props. */
function island(name: string, text: string) {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<div data-island="${name}"><p>${text}</p></div>` +
      `<script type="application/json" data-island-props="${name}">{"text":"${text}"}</script>`,
  );
  return document.querySelector<HTMLElement>(`[data-island="${name}"]`)!;
}

const Shows = ({ text }: { text: string }) => <p>{text}</p>;

it('hydrates an island named for later only once its moment has come, with its code loaded then', async () => {
  const launcher = island('venue-demo', 'now');
  const form = island('building-upload', 'later');
  let drawn!: () => void;
  const after = new Promise<void>((resolve) => (drawn = resolve));
  const loads: string[] = [];
  const done = hydrateIslands(
    { 'venue-demo': Shows },
    {
      after,
      islands: {
        'building-upload': () => {
          loads.push('building-upload');
          return Promise.resolve(Shows);
        },
      },
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(launcher.hasAttribute('data-hydrated')).toBe(true);
  expect(form.hasAttribute('data-hydrated')).toBe(false);
  expect(loads).toEqual([]);
  drawn();
  await done;
  expect(loads).toEqual(['building-upload']);
  expect(form.hasAttribute('data-hydrated')).toBe(true);
  expect(form.innerHTML).toBe('<p>later</p>');
});

it('hydrates an island for later whose code failed to load once the visitor touches it', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const form = island('building-upload', 'later');
  let attempts = 0;
  const done = hydrateIslands(
    {},
    {
      after: Promise.resolve(),
      islands: {
        'building-upload': () =>
          (attempts += 1) === 1 ? Promise.reject(new TypeError('offline')) : Promise.resolve(Shows),
      },
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(attempts).toBe(1);
  expect(form.hasAttribute('data-hydrated')).toBe(false);
  form.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  await done;
  expect(attempts).toBe(2);
  expect(form.hasAttribute('data-hydrated')).toBe(true);
  expect(form.innerHTML).toBe('<p>later</p>');
});
