// JSON-LD for search engines (schema.org): the organisation with its hotline on every page, a
// Product on hardware pages, a NewsArticle on articles, and a BreadcrumbList on nested pages.
// Typed with schema-dts, so a misspelt property or a wrong type fails `tsc`; the tests also check
// the output against the properties search engines require.
import { languageTags } from '../content/language';
import type {
  BreadcrumbList,
  DayOfWeek,
  NewsArticle,
  Organization,
  Product,
  WithContext,
} from 'schema-dts';
import { type Content, type LoadedPage, contentOf } from '../content/types';
import { absolute } from './origin';

const week: DayOfWeek[] = [
  'https://schema.org/Monday',
  'https://schema.org/Tuesday',
  'https://schema.org/Wednesday',
  'https://schema.org/Thursday',
  'https://schema.org/Friday',
  'https://schema.org/Saturday',
  'https://schema.org/Sunday',
];

const organizationId = absolute('/next/#organization');

export function organization(content: Content, logo: string): WithContext<Organization> {
  const { brand, hotline } = content.site;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId,
    name: brand.name,
    url: absolute('/next/'),
    logo: absolute(logo),
    slogan: brand.slogan,
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: hotline.international,
      contactType: 'customer service',
      areaServed: 'CN',
      availableLanguage: 'zh-CN',
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: week,
        opens: hotline.opens,
        closes: hotline.closes,
      },
    },
  };
}

export function product(page: LoadedPage, content: Content): WithContext<Product> | undefined {
  const device = contentOf(page, 'device');
  if (!device) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: device.name,
    description: device.meta.description,
    url: absolute(page.route.path),
    ...(page.heroImage ? { image: absolute(page.heroImage.url) } : {}),
    brand: { '@type': 'Brand', name: content.site.brand.name },
    manufacturer: { '@id': organizationId },
    category: content.site.share_image.device,
  };
}

export function newsArticle(
  page: LoadedPage,
  content: Content,
  lastmod: string,
  shareImage: string,
): WithContext<NewsArticle> | undefined {
  const article = contentOf(page, 'article');
  if (!article) return undefined;
  const images = [page.heroImage?.url, shareImage].flatMap((url) => (url ? [absolute(url)] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.hero.heading,
    description: article.meta.description,
    image: images,
    datePublished: article.date,
    dateModified: lastmod > article.date ? lastmod : article.date,
    mainEntityOfPage: absolute(page.route.path),
    articleSection: article.category,
    inLanguage: languageTags[content.language].html,
    author: { '@type': 'Organization', name: content.site.brand.name, url: absolute('/next/') },
    publisher: { '@id': organizationId },
  };
}

/**
 * Home, then each parent that is a page of its own, then the page itself: /next/device/3 is
 * 首页 > 智能硬件 > 道钉信标. Pages one level under /next/ get none.
 */
export function breadcrumbs(
  page: LoadedPage,
  content: Content,
): WithContext<BreadcrumbList> | undefined {
  const segments = page.route.path.replace(/^\/next\//, '').split('/');
  if (segments.length < 2) return undefined;
  const heading = (path: string) =>
    content.pages.find((candidate) => candidate.route.path === path)?.content.hero.heading;
  const trail: { name: string; path: string }[] = [
    { name: content.site.brand.home_label, path: '/next/' },
  ];
  for (let depth = 1; depth < segments.length; depth += 1) {
    const path = `/next/${segments.slice(0, depth).join('/')}`;
    const name = heading(path);
    if (name) trail.push({ name, path });
  }
  // A later news page is named by its own title's first part, e.g. 新闻动态（第 2 页）.
  const own =
    (page.listPage ?? 1) > 1
      ? (page.content.meta.title.split(' - ')[0] ?? page.content.hero.heading)
      : page.content.hero.heading;
  trail.push({ name: contentOf(page, 'device')?.name ?? own, path: page.route.path });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  };
}

/** Every JSON-LD block of a page, in the order they appear in its head. */
export function structuredData(
  page: LoadedPage,
  content: Content,
  { logo, lastmod, shareImage }: { logo: string; lastmod: string; shareImage: string },
) {
  return [
    organization(content, logo),
    product(page, content),
    newsArticle(page, content, lastmod, shareImage),
    breadcrumbs(page, content),
  ].filter((block) => block !== undefined);
}
