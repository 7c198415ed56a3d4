// @vitest-environment jsdom
// Hardware pages (issue #4) lay out their content: every spec row from content appears in the
// table with a row header, every related solution links to its page, the page has one h1, and
// the devices positioned in the live demo (issue #17) offer it.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IslandRendererContext } from '../shell/island';
import { repoContent } from '../content/repo-content';
import { contentOf } from '../content/types';
import { renderIsland } from '../islands/render';
import { ContentPage } from './content-page';

const content = repoContent();
const devices = content.pages.filter((page) => page.route.kind === 'device');

describe('device pages', () => {
  it('exist for ids 1 to 10', () => {
    expect(devices.map((page) => page.route.path)).toEqual(
      Array.from({ length: 10 }, (_, i) => `/next/device/${i + 1}`),
    );
  });

  for (const page of devices) {
    it(`${page.route.path} shows its picture, specification table and solutions`, () => {
      const device = contentOf(page, 'device');
      if (!device) throw new Error('not a device page');
      const { unmount } = render(
        <IslandRendererContext value={renderIsland}>
          <ContentPage page={page} content={content} />
        </IslandRendererContext>,
      );
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      const picture = screen.getAllByRole('img')[0];
      expect(picture?.getAttribute('alt')).toBe(device.hero.image?.alt);

      const table = screen.getByRole('table');
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(device.specs.rows.length);
      // "See it positioned live" (issue #17) where the content has a demo.
      if (device.demo) screen.getByRole('heading', { name: device.demo.heading });
      device.specs.rows.forEach((spec, index) => {
        const row = rows[index]!;
        expect(within(row).getByRole('rowheader').textContent).toBe(spec.label);
        expect(within(row).getByRole('cell').textContent).toBe(spec.value);
      });

      for (const slug of device.related_solutions) {
        const links = screen
          .getAllByRole('link')
          .filter((link) => link.getAttribute('href') === `/next/solution/${slug}`);
        expect(links, slug).toHaveLength(1);
      }
      expect(
        screen
          .getByRole('link', { name: content.site.device_page.cta.button })
          .getAttribute('href'),
      ).toBe(content.site.device_page.cta.path);
      unmount();
    });
  }
});
