// Every page's head data: its canonical path, share card and JSON-LD, which must satisfy the
// properties search engines require for each type (checked with JSON Schema, as a validator
// would, with the origin placeholder replaced by a real origin).
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { repoContent } from '../content/repo-content';
import { contentOf } from '../content/types';
import { type SiteIcons, notFoundHead, pageHead } from './head';
import { originPlaceholder } from './origin';

const content = repoContent();
const icons: SiteIcons = {
  svg: '/next/favicon.svg',
  png32: '/next/assets/icons/icon-32-x.png',
  appleTouch: '/next/assets/icons/icon-180-x.png',
  logo: '/next/assets/icons/icon-512-x.png',
  webManifest: '/next/site.webmanifest',
};
const shareImage = (path: string) => ({
  url: `/next/assets/share${path.replace(/\/$/, '/index').replace('/next', '')}-x.png`,
  width: 1200,
  height: 640,
  alt: path,
});

const url = { type: 'string', pattern: '^https://www\\.example\\.com/next/' };
const text = { type: 'string', minLength: 1 };
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const schemas: Record<string, object> = {
  Organization: {
    type: 'object',
    required: ['@context', '@type', '@id', 'name', 'url', 'logo', 'contactPoint'],
    properties: {
      '@context': { const: 'https://schema.org' },
      name: text,
      url,
      logo: url,
      contactPoint: {
        type: 'object',
        required: ['@type', 'telephone', 'contactType'],
        properties: {
          '@type': { const: 'ContactPoint' },
          telephone: { type: 'string', pattern: '^\\+86-4000-999-023$' },
          contactType: text,
          hoursAvailable: {
            type: 'object',
            required: ['dayOfWeek', 'opens', 'closes'],
            properties: { dayOfWeek: { type: 'array', minItems: 7, maxItems: 7 } },
          },
        },
      },
    },
  },
  Product: {
    type: 'object',
    required: ['@context', 'name', 'description', 'image', 'url', 'brand'],
    properties: { name: text, description: text, image: url, url },
  },
  NewsArticle: {
    type: 'object',
    required: [
      '@context',
      'headline',
      'image',
      'datePublished',
      'dateModified',
      'author',
      'publisher',
    ],
    properties: {
      headline: { type: 'string', minLength: 1, maxLength: 110 },
      image: { type: 'array', minItems: 1, items: url },
      datePublished: date,
      dateModified: date,
      author: { type: 'object', required: ['@type', 'name', 'url'] },
    },
  },
  BreadcrumbList: {
    type: 'object',
    required: ['@context', 'itemListElement'],
    properties: {
      itemListElement: {
        type: 'array',
        minItems: 2,
        items: {
          type: 'object',
          required: ['@type', 'position', 'name', 'item'],
          properties: {
            '@type': { const: 'ListItem' },
            position: { type: 'integer', minimum: 1 },
            name: text,
            item: url,
          },
        },
      },
    },
  },
};
const ajv = new Ajv({ allErrors: true, strict: false });
const validators = Object.fromEntries(
  Object.entries(schemas).map(([type, schema]) => [type, ajv.compile(schema)]),
);

/** The JSON-LD as a search engine sees it once the server has filled in the origin. */
function served(block: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(block).replaceAll(originPlaceholder, 'https://www.example.com'));
}

describe('page heads', () => {
  for (const page of content.pages) {
    it(`${page.route.path} has its canonical address, share card and valid JSON-LD`, () => {
      const head = pageHead(page, content, {
        shareImage: shareImage(page.route.path),
        icons,
        lastmod: '2025-11-20',
      });
      expect(head.path).toBe(page.route.path);
      // Only the enquiry thank-you page keeps out of search engines.
      // The thank-you page and the guide screens (which stand in a venue) are not indexed.
      expect(head.index).toBe(page.route.kind !== 'thanks');
      const blocks = head.structuredData.map(served);
      const types = blocks.map((block) => block['@type']);
      expect(types[0]).toBe('Organization');
      expect(types.includes('Product')).toBe(page.route.kind === 'device');
      expect(types.includes('NewsArticle')).toBe(page.route.kind === 'article');
      const nested = page.route.path.replace(/^\/next\//, '').includes('/');
      expect(types.includes('BreadcrumbList')).toBe(nested);
      for (const block of blocks) {
        const validate = validators[block['@type'] as string]!;
        expect(validate(block), JSON.stringify(validate.errors)).toBe(true);
      }
      const breadcrumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList') as
        { itemListElement: { position: number; item: string }[] } | undefined;
      if (breadcrumbs) {
        const items = breadcrumbs.itemListElement;
        expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
        expect(items[0]!.item).toBe('https://www.example.com/next/');
        expect(items.at(-1)!.item).toBe(`https://www.example.com${page.route.path}`);
      }
      const article = contentOf(page, 'article');
      if (article) {
        const news = blocks.find((block) => block['@type'] === 'NewsArticle')!;
        expect(news.datePublished).toBe(article.date);
      }
    });
  }

  it('a device page breadcrumb runs home, hardware overview, device', () => {
    const page = content.pages.find((p) => p.route.path === '/next/device/3')!;
    const head = pageHead(page, content, {
      shareImage: shareImage('/x'),
      icons,
      lastmod: '2025-01-01',
    });
    const trail = head.structuredData.map(served).find((b) => b['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string }[];
    };
    expect(trail.itemListElement.map((item) => item.name)).toEqual([
      content.site.brand.home_label,
      contentOf(
        content.pages.find((p) => p.route.path === '/next/device')!,
        'hardware',
      )!.hero.heading,
      contentOf(page, 'device')!.name,
    ]);
  });

  it('a page marked index = false is noindex; the 404 page is never indexed and has no canonical', () => {
    const page = content.pages[1]!;
    const hidden = {
      ...page,
      content: { ...page.content, meta: { ...page.content.meta, index: false } },
    };
    expect(
      pageHead(hidden, content, { shareImage: shareImage('/x'), icons, lastmod: '2025-01-01' })
        .index,
    ).toBe(false);
    const notFound = notFoundHead(content, { shareImage: shareImage('/x'), icons });
    expect(notFound.index).toBe(false);
    expect(notFound.path).toBeUndefined();
  });
});
