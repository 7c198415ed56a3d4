// The live demo's pages beyond its own (issue #14): one guide-screen page per kiosk of every
// venue, worded by demo.toml's `kiosk_page`, and the check that every demo a page opens names a
// venue, level and kiosk that exist.
import { kioskPath } from './route-table';
import type { Problems } from '../checks/problems';
import type { DemoPageContent, DemoTaskContent } from './schema';
import type { KioskPageContent, LoadedPage } from './types';
import type { LoadedVenues } from './venues/types';
import { fill } from '../format/fill';
import type { Language } from './language';
import { summaryIn } from './venues/names';

/** A page per guide screen, named in the edition's `language` (the venues' IMDF labels). */
export function kioskPages(
  venues: LoadedVenues,
  demo: DemoPageContent,
  language: Language,
): LoadedPage[] {
  const words = demo.kiosk_page;
  return venues.list.flatMap((venue) => {
    const summary = summaryIn(venue, language);
    return summary.kiosks.map((kiosk): LoadedPage => {
      const values = { kiosk: kiosk.name, venue: summary.name };
      const content: KioskPageContent = {
        meta: {
          title: fill(words.title, values),
          description: fill(words.description, values),
          keywords: demo.meta.keywords,
          // Each shows the guide-screen product working in a venue, with words of its own: a
          // page for search engines like the service pages (and Lighthouse's SEO audit).
          index: true,
        },
        hero: { heading: fill(words.heading, values), intro: words.intro },
        id: kiosk.id,
        venue: venue.id,
        level: kiosk.level,
      };
      return {
        route: {
          path: kioskPath(kiosk.id),
          kind: 'kiosk',
          source: `venues/${venue.id}/kiosk.geojson`,
        },
        content,
      };
    });
  });
}

function demoTasks(page: LoadedPage): { field: string; task: DemoTaskContent }[] {
  const content = page.content as { demo?: { task?: DemoTaskContent } };
  const task = content.demo?.task;
  return task ? [{ field: 'demo.task', task }] : [];
}

/** Every demo a page opens names a venue of content/venues, and a level and kiosk of it. */
export function checkDemoTasks(
  pages: LoadedPage[],
  venues: LoadedVenues | undefined,
  problems: Problems,
) {
  if (!venues) return;
  for (const page of pages) {
    for (const { field, task } of demoTasks(page)) {
      const file = `content/${page.route.source}`;
      const venue = venues.list.find((entry) => entry.id === task.venue);
      if (!venue) {
        const known = venues.list.map((entry) => entry.id).join(', ');
        problems.add(file, `${field}.venue`, `"${task.venue}" is not a venue; use one of ${known}`);
        continue;
      }
      const levels = venue.summary.levels.map((level) => level.short);
      if (task.level && !levels.includes(task.level)) {
        problems.add(
          file,
          `${field}.level`,
          `"${task.level}" is not a level of ${venue.id}; use one of ${levels.join(', ')}`,
        );
      }
      const kiosks = venue.summary.kiosks.map((kiosk) => kiosk.id);
      if (task.kiosk && !kiosks.includes(task.kiosk)) {
        problems.add(file, `${field}.kiosk`, `"${task.kiosk}" is not a kiosk of ${venue.id}`);
      }
      if (task.mode === 'kiosk' && kiosks.length === 0) {
        problems.add(file, `${field}.mode`, `${venue.id} has no kiosk for the kiosk view`);
      }
    }
  }
}
