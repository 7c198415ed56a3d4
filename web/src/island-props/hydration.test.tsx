// @vitest-environment jsdom
// Each island as the build writes it (src/islands/render.tsx) must be exactly what the browser
// renders from the same props, so hydration has nothing to repair; and once hydrated it must
// respond. preact/debug reports hydration mismatches and invalid markup as console errors.
import 'preact/debug';
import type { ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repoContent } from '../content/repo-content';
import { dialogFormId, leadFormProps, pageFormId } from '../leads/catalog';
import { jsonForScript } from '../components/json-for-script';
import { type Runtime, placeholderRuntime } from '../runtime/runtime';
import { IslandRoot } from '../islands/island-root';
import { type IslandName, type IslandProps, islands } from '../islands/registry';
import { renderIsland } from '../islands/render';
import { venueDemoProps } from './venue-demo-props';
import { buildingUploadProps } from './building-upload-props';
import { headerNavLabels } from './header-nav-labels';

const content = repoContent();

const cases: { [N in IslandName]: IslandProps<N> } = {
  'header-nav': {
    entries: content.menu.entry,
    currentPath: '/next/map',
    labels: headerNavLabels(content.site),
  },
  'floating-tool': {
    labels: content.site.floating_tool,
    hotline: content.site.hotline,
    qrAltSuffix: content.site.a11y.qr_alt_suffix,
    showOfficialAccount: true,
    formPage: '/next/business',
    form: leadFormProps(content, { formId: dialogFormId, page: '/next/map', compact: true }),
  },
  'lead-form': leadFormProps(content, { formId: pageFormId, page: '/next/business' }),
  'lead-admin': {
    words: content.leads.admin,
    labels: content.leads.labels,
    statuses: content.leads.statuses,
  },
  'venue-demo': venueDemoProps(content, { mode: 'map', venue: 'demo-mall' }, 'embedded'),
  'building-upload': buildingUploadProps(content),
};

/** The one attribute hydration adds on purpose: the form checks itself from then on. */
const withoutNoValidate = (html: string) => html.replaceAll(' novalidate=""', '');

/**
 * A browser render sets form state as properties (an input's value, an option's selection),
 * which leave no attribute behind, where the build writes them as attributes; hydration adopts
 * either without touching them. Compare everything else.
 */
function withoutFormState(root: HTMLElement): string {
  for (const input of root.querySelectorAll('input')) input.removeAttribute('value');
  for (const option of root.querySelectorAll('option')) option.removeAttribute('selected');
  return withoutNoValidate(root.innerHTML);
}

// The build renders with placeholders; the browser sees them filled in. Either way the markup
// must agree, so the comparison uses the placeholders on both sides.
const runtime: Runtime = placeholderRuntime;

function island(name: IslandName) {
  const Component = islands[name] as ComponentType<object>;
  return (
    <IslandRoot name={name} runtime={runtime}>
      <Component {...cases[name]} />
    </IslandRoot>
  );
}

beforeEach(() => {
  // The admin table asks the server for its rows once hydrated; here no answer ever comes.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('islands', () => {
  for (const name of Object.keys(cases) as IslandName[]) {
    it(`${name}: build HTML equals a fresh browser render`, async () => {
      const built = renderIsland(name, cases[name]);
      const fresh = document.createElement('div');
      await act(() => {
        createRoot(fresh).render(island(name));
      });
      const parsed = document.createElement('div');
      parsed.innerHTML = built;
      expect(withoutFormState(parsed)).toBe(withoutFormState(fresh));
    });

    it(`${name}: hydrates without a console error and keeps its DOM`, async () => {
      const container = document.createElement('div');
      container.innerHTML = renderIsland(name, cases[name]);
      document.body.append(container);
      const before = container.innerHTML;
      const firstButton = container.querySelector('button');
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      vi.spyOn(console, 'warn').mockImplementation((...args) => errors.push(args));
      await act(() => {
        hydrateRoot(container, island(name));
      });
      expect(errors).toEqual([]);
      expect(withoutNoValidate(container.innerHTML)).toBe(before);
      // The server's nodes were adopted, not replaced.
      expect(container.querySelector('button')).toBe(firstButton);
    });
  }

  it('hydrated islands respond: a dropdown opens on hover', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderIsland('header-nav', cases['header-nav']);
    document.body.append(container);
    await act(() => {
      hydrateRoot(container, island('header-nav'));
    });
    const item = container.querySelector('.menu__item--dropdown') as HTMLElement;
    const button = item.querySelector('button') as HTMLButtonElement;
    await act(() => {
      item.dispatchEvent(new MouseEvent('mouseenter'));
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('element ids of different islands never clash', () => {
    const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    const nav = ids(renderIsland('header-nav', cases['header-nav']));
    const tool = ids(renderIsland('floating-tool', cases['floating-tool']));
    const form = ids(renderIsland('lead-form', cases['lead-form']));
    expect(nav.length).toBeGreaterThan(0);
    expect(tool.length).toBeGreaterThan(0);
    expect(form.length).toBeGreaterThan(0);
    const all = [...nav, ...tool, ...form];
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([]);
  });

  it('props are escaped so they cannot end the script element', () => {
    const props = { ...cases['floating-tool'].labels, close: '</script><b>' };
    expect(jsonForScript(props)).not.toContain('</script><b>');
  });
});
