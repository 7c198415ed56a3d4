// The shape of each page family's content file.
import { z } from 'zod';
import { callToAction, label, linkPath, listOf, namedLink, text, titledText } from './schema-parts';
import { deviceIds, serviceSlugs, solutionSlugs } from './route-table';

/** Search-result metadata every page carries (spec section 9: Chinese title, keywords, description). */
export const pageMetaSchema = z
  .object({
    title: text.max(60, 'keep titles under 60 characters; search engines cut longer ones'),
    description: z
      .string()
      .trim()
      .min(50, 'must be at least 50 characters')
      .max(160, 'must be at most 160 characters'),
    keywords: listOf(text, 3, 10, 'keywords'),
    /** false keeps the page out of search engines (noindex, not in the sitemap). */
    index: z.boolean().optional(),
  })
  .strict();

/** A raster picture from content/images, shown through /_next/image. */
export const imageSchema = z
  .object({
    /** Path under content/, e.g. images/devices/1.png (PNG or JPEG). */
    src: z
      .string()
      .regex(
        /^images\/[A-Za-z0-9_/-]+\.(png|jpe?g)$/,
        'must be a .png or .jpg file under content/images/, e.g. images/devices/1.png',
      ),
    /** What the picture shows, for screen readers and search engines. */
    alt: z.string().trim().min(4, 'describe what the picture shows (at least 4 characters)'),
  })
  .strict();

export const heroSchema = z
  .object({ heading: text, intro: text, image: imageSchema.optional() })
  .strict();

export const pageSchema = z.object({ meta: pageMetaSchema, hero: heroSchema }).strict();

const solutionSlug = z.enum(solutionSlugs, {
  message: `must be one of ${solutionSlugs.join(', ')}`,
});
const serviceSlug = z.enum(serviceSlugs, { message: `must be one of ${serviceSlugs.join(', ')}` });
const deviceId = z
  .number()
  .int()
  .refine((id) => (deviceIds as readonly number[]).includes(id), {
    message: `must be a device id, one of ${deviceIds.join(', ')}`,
  });

/** The tasks the live demo can open on (issue #14), read by the viewer (src/demo/viewer/viewer.tsx). */
export const demoModes = [
  'map',
  'search',
  'route',
  'nav',
  'findcar',
  'nursing',
  'kiosk',
  'live',
  'flow',
  'plan',
] as const;

/**
 * Which task a live demo opens on. The venue's own file gives the rest (the example route, where
 * a visitor starts, the guide screens); the loader checks the venue, level and kiosk exist.
 */
export const demoTaskSchema = z
  .object({
    mode: z.enum(demoModes, { message: `must be one of ${demoModes.join(', ')}` }),
    /** A directory of content/venues/, e.g. demo-mall. */
    venue: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a venue directory name'),
    /** Short name of the level to show first; the venue's default level when left out. */
    level: z.string().optional(),
    /** Kiosk mode: the guide screen's id (from the venue's kiosk.geojson). */
    kiosk: z.string().optional(),
    /** Search mode: a query typed in for the visitor. */
    query: z.string().optional(),
  })
  .strict();

/** The live demo on a service page, shown as its own section after the hero. */
const demoSectionSchema = z.object({ heading: text, intro: text, task: demoTaskSchema }).strict();

/**
 * "用我的场馆试一试" (issue #32): the form for a visitor's own building, as a section of the page.
 * The form's words are shared, in content/venues/words.toml [upload].
 */
const uploadSectionSchema = z.object({ heading: text, intro: text }).strict();

/** A hardware page (/next/device/<id>): what the device does, its specification, where it goes. */
export const devicePageSchema = pageSchema
  .extend({
    /** The product name used in menus and lists. */
    name: text,
    /** Solution pages this device is used in, by slug (e.g. factory, businessProposal). */
    related_solutions: z
      .array(solutionSlug)
      .min(1, 'name at least one solution this device is used in')
      .max(4, 'name at most 4 solutions'),
    /** Key features, 3 to 6. */
    features: listOf(titledText, 3, 6, 'features'),
    specs: z
      .object({
        /** Shown under the table: where the figures come from, what may vary. */
        note: text,
        rows: z
          .array(z.object({ label: text, value: text }).strict())
          .min(6, 'give at least 6 specification rows'),
      })
      .strict(),
    /** Typical deployments, 2 to 4. */
    deployments: listOf(titledText, 2, 4, 'typical deployments'),
    /** "See it positioned live" (issue #17): the live demo of the device's technology. */
    demo: demoSectionSchema.optional(),
  })
  .strict();

/** A short line for cards that list pages (home page, related pages): 12 characters and more,
 * at most 70 Chinese characters wide. */
const cardSummary = label(140, 'card lines (they are shown on cards)').pipe(
  z.string().min(12, 'must be at least 12 characters'),
);

/** A box of a diagram: a short title and an optional one-line note. */
const diagramBox = z
  .object({
    title: label(24, 'diagram titles').pipe(text),
    text: label(60, 'diagram notes').optional(),
  })
  .strict();

/** A key figure: the value in large type and what it measures. */
const figure = z
  .object({
    value: z.string().trim().min(1).max(14, 'keep a figure to 14 characters, e.g. 1–3 m'),
    label: text,
  })
  .strict();

/** A product-service page (/next/map, /next/locate, ...). */
export const servicePageSchema = pageSchema
  .extend({
    /** One line for cards that list this service. */
    summary: cardSummary,
    /** Hardware pages this service works with, by id. */
    related_devices: z.array(deviceId).max(4, 'name at most 4 devices'),
    /** What the service solves: an introduction and 2 to 4 concrete problems. */
    problem: z
      .object({
        intro: text,
        points: listOf(titledText, 2, 4, 'problems'),
      })
      .strict(),
    capabilities: listOf(titledText, 3, 6, 'capabilities'),
    /** How it works: drawn as a flow diagram of 3 to 6 steps. */
    how: z
      .object({
        intro: text,
        steps: listOf(diagramBox, 3, 6, 'steps'),
      })
      .strict(),
    figures: listOf(figure, 3, 6, 'figures'),
    /** Platforms and SDKs the service ships for. */
    platforms: z
      .array(titledText)
      .min(1, 'name at least one platform')
      .max(6, 'name at most 6 platforms'),
    scenarios: listOf(
      titledText.extend({ solution: solutionSlug.optional() }).strict(),
      2,
      4,
      'scenarios',
    ),
    /** The live demo of this service (issue #14); pages without one leave it out. */
    demo: demoSectionSchema.optional(),
    upload: uploadSectionSchema.optional(),
  })
  .strict();

/** An industry solution page (/next/solution/<slug>). */
export const solutionPageSchema = pageSchema
  .extend({
    summary: cardSummary,
    related_devices: z
      .array(deviceId)
      .min(1, 'name at least one device')
      .max(5, 'name at most 5 devices'),
    pains: listOf(titledText, 3, 5, 'pain points'),
    /** The architecture, drawn as stacked layers (devices at the bottom, applications on top). */
    architecture: z
      .object({
        intro: text,
        layers: listOf(
          z
            .object({
              name: label(16, 'layer names').pipe(text),
              items: z
                .array(label(24, 'items').pipe(text))
                .min(1)
                .max(5, 'give at most 5 items per layer'),
            })
            .strict(),
          3,
          5,
          'layers',
        ),
      })
      .strict(),
    /** The services this solution is built from, and what each does here. */
    capabilities: z
      .array(z.object({ service: serviceSlug, text }).strict())
      .min(2, 'name at least 2 services')
      .max(6, 'name at most 6 services'),
    outcomes: listOf(figure, 3, 4, 'outcomes'),
    /** A case story, by venue type and size: no invented customer names. */
    case: z
      .object({ title: text, venue: text, challenge: text, approach: text, result: text })
      .strict(),
  })
  .strict();

/** The news categories, each Chinese one beside its English twin's (issue #35). */
export const articleCategoryPairs = [
  ['产品动态', 'Product Updates'],
  ['硬件发布', 'Hardware Launches'],
  ['项目实践', 'Case Studies'],
  ['行业观察', 'Industry Insights'],
] as const;
const articleCategories = articleCategoryPairs.flat();

/** A news article: content/news/<slug>.md, front matter plus a Markdown body. */
export const articleSchema = pageSchema
  .extend({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-06-01'),
    category: z.enum(articleCategories, {
      message: `must be one of ${articleCategories.join(', ')}`,
    }),
  })
  .strict();

const titledSection = <T extends z.ZodType>(items: T, min: number, max: number) =>
  z
    .object({
      title: text,
      intro: text.optional(),
      items: listOf(items, min, max, 'items'),
    })
    .strict();

const linkCard = z.object({ name: text, text, path: linkPath }).strict();

/** The home page (/next/). */
export const homePageSchema = pageSchema
  .extend({
    services: titledSection(linkCard, 5, 5),
    /** The invitation to the live demo (issue #14). */
    try_it: z.object({ title: text, text, button: text, path: linkPath }).strict(),
    products: titledSection(linkCard, 3, 8),
    hardware: z
      .object({
        title: text,
        intro: text,
        devices: z.array(deviceId).min(3).max(10),
        more: text,
      })
      .strict(),
    solutions: z
      .object({
        title: text,
        intro: text,
        solutions: z.array(solutionSlug).min(3).max(11),
      })
      .strict(),
    figures: titledSection(figure, 3, 6),
    developers: titledSection(linkCard, 2, 6),
    news: z.object({ title: text, count: z.number().int().min(1).max(6), more: text }).strict(),
    cta: z.object({ title: text, text, button: text, path: linkPath }).strict(),
  })
  .strict();

/** The live demo's own page (/next/demo, issue #14) and the words of its guide-screen pages. */
export const demoPageSchema = pageSchema
  .extend({
    demo: z
      .object({
        /** Names the demo's region for screen readers. */
        label: text,
        task: demoTaskSchema,
      })
      .strict(),
    /** Things to try, each a card. */
    tries: titledSection(titledText, 3, 8),
    /** The list of guide-screen views, one link per kiosk of every venue. */
    kiosks: z.object({ title: text, intro: text, link: text }).strict(),
    upload: uploadSectionSchema,
    /** For developers: the calls the demo makes. */
    api: titledSection(z.object({ request: text, text }).strict(), 3, 10),
    cta: callToAction,
    /**
     * The guide-screen pages /next/demo/kiosk/<kiosk id>, one per kiosk; {kiosk} is the
     * kiosk's name and {venue} the venue's. Not indexed: they stand in a venue.
     */
    kiosk_page: z
      .object({
        title: text.includes('{kiosk}', { message: 'must contain {kiosk}, the kiosk name' }),
        description: z
          .string()
          .trim()
          .min(40)
          .max(120, 'keep it under 120 characters so the filled-in text stays under 160')
          .includes('{venue}', { message: 'must contain {venue}, the venue name' })
          .includes('{kiosk}', { message: 'must contain {kiosk}: each page needs its own' }),
        heading: text.includes('{kiosk}', { message: 'must contain {kiosk}, the kiosk name' }),
        intro: text,
        label: text,
      })
      .strict(),
  })
  .strict();

/** The hardware overview (/next/device). */
export const hardwarePageSchema = pageSchema
  .extend({
    /** How to choose: one short card per technology family. */
    /** Heading of the list of all devices. */
    devices_title: text,
    device_link: text,
    guide: titledSection(titledText, 2, 6),
  })
  .strict();

/** The news list (/next/notice): its own words; the articles come from content/news. */
export const newsListPageSchema = pageSchema
  .extend({
    per_page: z.number().int().min(3).max(24),
    /** Title and description of pages 2, 3, ...; {n} is the page number. */
    later_pages: z
      .object({
        title: text.max(60).includes('{n}', { message: 'must contain {n}, the page number' }),
        description: z
          .string()
          .trim()
          .min(50)
          .max(156)
          .includes('{n}', { message: 'must contain {n}, the page number' }),
      })
      .strict(),
    read_more: text,
    pagination_label: text,
    previous: text,
    next: text,
  })
  .strict();

const contactRoute = z.object({ label: text, value: text, path: linkPath.optional() }).strict();

export const aboutPageSchema = pageSchema
  .extend({
    story: z.object({ title: text, paragraphs: z.array(text).min(2).max(6) }).strict(),
    milestones: titledSection(
      z.object({ year: z.number().int().min(2013).max(2025), title: text, text }).strict(),
      5,
      13,
    ),
    capabilities: titledSection(titledText, 3, 6),
    contact: titledSection(contactRoute, 2, 6),
  })
  .strict();

export const businessPageSchema = pageSchema
  .extend({
    customisation: titledSection(titledText, 3, 8),
    process: titledSection(titledText, 3, 7),
    contact: titledSection(contactRoute, 2, 6),
  })
  .strict();

/** The page after an enquiry was sent (/next/business/thanks): what happens next. */
export const thanksPageSchema = pageSchema
  .extend({
    next: z
      .object({
        title: text,
        steps: z.array(text).min(1).max(5),
        /** The hotline line; {hotline} becomes the number. */
        hotline: text,
      })
      .strict(),
    /** Where to go from here (home page, solutions). */
    links: z.array(namedLink).min(1).max(4),
  })
  .strict();

/** A code sample, highlighted at build time. */
const codeSample = z
  .object({
    language: z.enum(['typescript', 'json', 'shell'], {
      message: 'must be typescript (also for ArkTS), json or shell',
    }),
    /** The file name shown above the code. */
    file: text,
    code: text,
  })
  .strict();

export const sdkPageSchema = pageSchema
  .extend({
    features: titledSection(titledText, 3, 6),
    requirements: titledSection(text, 2, 8),
    steps: titledSection(titledText.extend({ code: codeSample.optional() }).strict(), 3, 7),
    sample: z.object({ title: text, intro: text, code: codeSample }).strict(),
  })
  .strict();

export const markdownPageSchema = pageSchema
  .extend({ updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-06-01') })
  .strict();

export type PageMeta = z.infer<typeof pageMetaSchema>;
export type ImageRef = z.infer<typeof imageSchema>;
export type PageContent = z.infer<typeof pageSchema>;
export type DevicePageContent = z.infer<typeof devicePageSchema>;
export type MarkdownPageContent = z.infer<typeof markdownPageSchema>;
export type ServicePageContent = z.infer<typeof servicePageSchema>;
export type DemoTaskContent = z.infer<typeof demoTaskSchema>;
export type DemoSectionContent = z.infer<typeof demoSectionSchema>;
export type UploadSectionContent = z.infer<typeof uploadSectionSchema>;
export type DemoPageContent = z.infer<typeof demoPageSchema>;
export type SolutionPageContent = z.infer<typeof solutionPageSchema>;
export type ArticleContent = z.infer<typeof articleSchema>;
export type HomePageContent = z.infer<typeof homePageSchema>;
export type HardwarePageContent = z.infer<typeof hardwarePageSchema>;
export type NewsListPageContent = z.infer<typeof newsListPageSchema>;
export type AboutPageContent = z.infer<typeof aboutPageSchema>;
export type BusinessPageContent = z.infer<typeof businessPageSchema>;
export type SdkPageContent = z.infer<typeof sdkPageSchema>;
export type CodeSample = z.infer<typeof codeSample>;
export type ThanksPageContent = z.infer<typeof thanksPageSchema>;
