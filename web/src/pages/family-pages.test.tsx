// @vitest-environment jsdom
// Every page family lays out all of its content (issue #4): services with their flow diagram,
// solutions with their layer diagram and case story, the news list's pages, articles, the SDK
// page's highlighted code, and the home page's sections.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IslandRendererContext } from '../shell/island';
import { repoContent } from '../content/repo-content';
import { type ContentByKind, pagesOf } from '../content/types';
import { renderIsland } from '../islands/render';
import type { RouteKind } from '../content/route-table';
import { ContentPage } from './content-page';

const content = repoContent();

function renderPage(path: string) {
  const page = content.pages.find((p) => p.route.path === path);
  if (!page) throw new Error(`no page ${path}`);
  return render(
    <IslandRendererContext value={renderIsland}>
      <ContentPage page={page} content={content} />
    </IslandRendererContext>,
  );
}

/**
 * The tests of a family: it has as many pages as the spec lists, and each page renders its one
 * h1 and what `check` looks for.
 */
function familyTests<K extends RouteKind>(
  family: { kind: K; count: number; plural: string; shows: string },
  check: (pageContent: ContentByKind[K]) => void,
) {
  const pages = pagesOf(content.pages, family.kind);

  it(`exist for the ${family.count} ${family.plural} of the spec`, () => {
    expect(pages).toHaveLength(family.count);
  });

  for (const { page, content: pageContent } of pages) {
    it(`${page.route.path} shows ${family.shows}`, () => {
      renderPage(page.route.path);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      check(pageContent);
    });
  }
}

function hrefs(): string[] {
  return screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
}

describe('service pages', () => {
  const shows = 'its problems, diagram, figures, platforms, scenarios and hardware';
  familyTests({ kind: 'service', count: 16, plural: 'services', shows }, (service) => {
    const diagram = screen.getByRole('img', { name: content.site.service_page.how_diagram });
    for (const step of service.how.steps) {
      expect(diagram.textContent).toContain(step.title);
      expect(diagram.querySelector('desc')?.textContent).toContain(step.title);
    }
    for (const item of [...service.problem.points, ...service.capabilities, ...service.platforms]) {
      expect(screen.getByRole('heading', { level: 3, name: item.title })).toBeTruthy();
    }
    const figures = document.querySelector('.figures');
    for (const figure of service.figures) expect(figures?.textContent).toContain(figure.value);
    const links = hrefs();
    for (const id of service.related_devices) expect(links).toContain(`/next/device/${id}`);
    for (const scenario of service.scenarios) {
      if (scenario.solution) expect(links).toContain(`/next/solution/${scenario.solution}`);
    }
    expect(links).toContain(content.site.service_page.cta.path);
    if (service.demo) {
      // The live demo (issue #14): its section, and the button that loads it.
      expect(screen.getByRole('heading', { level: 2, name: service.demo.heading })).toBeTruthy();
      const start = content.venues.words.launcher.start;
      expect(screen.getByRole('button', { name: start })).toBeTruthy();
    }
  });

  it('the services the demo proves carry it', () => {
    const withDemo = pagesOf(content.pages, 'service').filter(
      ({ content: service }) => service.demo,
    );
    expect(withDemo.map(({ page }) => page.route.path)).toEqual([
      '/next/map',
      '/next/locate',
      '/next/route',
      '/next/nav',
      '/next/search',
      '/next/track',
      '/next/fance',
      '/next/nav_h5',
      '/next/fence4',
      '/next/guidScreen',
      '/next/findcar',
      '/next/parkingLock',
      '/next/nursingRoom',
      '/next/bigdata',
    ]);
  });
});

describe('the live demo page', () => {
  it('/next/demo shows the demo, what to try, every guide screen and the API calls', () => {
    const demo = pagesOf(content.pages, 'demo')[0]!.content;
    const { unmount } = renderPage('/next/demo');
    expect(screen.getByRole('button', { name: content.venues.words.launcher.start })).toBeTruthy();
    for (const item of demo.tries.items) {
      expect(screen.getByRole('heading', { level: 3, name: item.title })).toBeTruthy();
    }
    const links = hrefs();
    for (const venue of content.venues.list) {
      for (const kiosk of venue.summary.kiosks) {
        expect(links).toContain(`/next/demo/kiosk/${kiosk.id}`);
      }
    }
    for (const call of demo.api.items) expect(document.body.textContent).toContain(call.request);
    unmount();
  });

  it('each guide-screen page is named for its kiosk and opens the kiosk view', () => {
    for (const { page, content: kiosk } of pagesOf(content.pages, 'kiosk')) {
      const { unmount } = renderPage(page.route.path);
      const name = content.venues.list
        .flatMap((venue) => venue.summary.kiosks)
        .find((entry) => entry.id === kiosk.id)!.name;
      expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(name);
      const start = content.venues.words.launcher.kiosk_start;
      expect(screen.getByRole('button', { name: start })).toBeTruthy();
      unmount();
    }
  });
});

describe('solution pages', () => {
  const shows = 'its pains, architecture, services, hardware, outcomes and case';
  familyTests({ kind: 'solution', count: 11, plural: 'solutions', shows }, (solution) => {
    const diagram = screen.getByRole('img', {
      name: content.site.solution_page.architecture_diagram,
    });
    for (const layer of solution.architecture.layers) {
      for (const item of layer.items) expect(diagram.textContent).toContain(item);
    }
    const links = hrefs();
    for (const { service } of solution.capabilities) expect(links).toContain(`/next/${service}`);
    for (const id of solution.related_devices) expect(links).toContain(`/next/device/${id}`);
    const story = screen.getByRole('article', { name: solution.case.title });
    expect(story.textContent).toContain(solution.case.result);
  });
});

describe('news', () => {
  const articles = pagesOf(content.pages, 'article');
  const news = pagesOf(content.pages, 'news');

  it('has at least 8 articles, newest first', () => {
    expect(articles.length).toBeGreaterThanOrEqual(8);
    const dates = articles.map(({ content: article }) => article.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('lists every article once across the pages of the list, with links between the pages', () => {
    const listed: string[] = [];
    for (const { page } of news) {
      const { unmount } = renderPage(page.route.path);
      listed.push(
        ...within(document.querySelector('.news-list') as HTMLElement)
          .getAllByRole('heading', { level: 2 })
          .map((heading) => heading.querySelector('a')?.getAttribute('href') ?? ''),
      );
      const pagination = screen.getByRole('navigation', {
        name: news[0]!.content.pagination_label,
      });
      const current = within(pagination).getByRole('link', { current: 'page' });
      expect(current.textContent).toBe(String(page.listPage));
      unmount();
    }
    expect(listed).toEqual(articles.map(({ page }) => page.route.path));
    expect(news.map(({ page }) => page.route.path)).toEqual([
      '/next/notice',
      '/next/notice/page/2',
    ]);
  });

  it('renders an article body with its date, category and a way back to the list', () => {
    const { page, content: article } = articles[0]!;
    renderPage(page.route.path);
    expect(screen.getAllByRole('heading', { level: 1 })[0]?.textContent).toBe(article.hero.heading);
    expect(document.querySelector(`time[datetime="${article.date}"]`)).toBeTruthy();
    expect(screen.getByRole('article', { name: article.hero.heading }).innerHTML).toBe(
      page.bodyHtml,
    );
    expect(
      screen.getByRole('link', { name: content.site.article_page.back }).getAttribute('href'),
    ).toBe('/next/notice');
  });
});

describe('the HarmonyOS SDK page', () => {
  it('shows every code sample highlighted at build time', () => {
    const { page, content: sdk } = pagesOf(content.pages, 'sdk')[0]!;
    renderPage(page.route.path);
    const blocks = [...document.querySelectorAll('pre code')];
    const samples = [
      ...sdk.steps.items.flatMap((step) => (step.code ? [step.code] : [])),
      sdk.sample.code,
    ];
    expect(blocks).toHaveLength(samples.length);
    samples.forEach((sample, index) => {
      const block = blocks[index]!;
      expect(block.textContent).toBe(sample.code);
      expect(block.className).toBe(`hljs language-${sample.language}`);
      if (sample.language !== 'shell') {
        expect(block.querySelector('span[class^="hljs-"]'), sample.file).toBeTruthy();
      }
    });
    expect(document.querySelector('pre script')).toBeNull();
  });
});

describe('the home page', () => {
  it('shows the five service families, hardware, solutions, developer entries and the latest news', () => {
    const { page, content: home } = pagesOf(content.pages, 'home')[0]!;
    renderPage(page.route.path);
    const links = hrefs();
    for (const item of [...home.services.items, ...home.products.items])
      expect(links).toContain(item.path);
    for (const id of home.hardware.devices) expect(links).toContain(`/next/device/${id}`);
    for (const slug of home.solutions.solutions) expect(links).toContain(`/next/solution/${slug}`);
    const latest = pagesOf(content.pages, 'article').slice(0, home.news.count);
    for (const { page: article } of latest) expect(links).toContain(article.route.path);
    expect(links).toContain('/next/device');
    expect(links).toContain('/next/notice');
  });
});
