// The shape of every file in content/. A file that does not match fails the build with its
// path and the field at fault (see load.ts). Field comments are for whoever edits content.
import { z } from 'zod';
import { type LeadTextField, leadColumns, leadStatuses, leadTextFields } from './lead-fields';
import { deviceIds, serviceSlugs, solutionSlugs } from './route-table';
import { pageVariants } from './variant';
import { externalLinkKeys } from './link-keys';

export { type ExternalLinkKey, externalLinkKeys } from './link-keys';

const text = z.string().trim().min(1, 'must not be empty');

/** `min` to `max` of `item`; the messages count them by `noun`: "give at least 3 features". */
const listOf = <T extends z.ZodType>(item: T, min: number, max: number, noun: string) =>
  z.array(item).min(min, `give at least ${min} ${noun}`).max(max, `give at most ${max} ${noun}`);

/** `/next/...` on this site, `link:<key>` from config, or a full https:// address. */
export const linkPath = z
  .string()
  .refine(
    (value) =>
      value.startsWith('/next/') ||
      /^https:\/\/[^\s]+$/.test(value) ||
      (value.startsWith('link:') &&
        (externalLinkKeys as readonly string[]).includes(value.slice('link:'.length))),
    {
      message: `must be a /next/ address, https://..., or link:<key> with key one of ${externalLinkKeys.join(', ')}`,
    },
  );

const hotTag = z.literal('HOT');

export const menuChildSchema = z
  .object({
    /** Group heading inside the dropdown (e.g. 基础功能). */
    label: text,
    name: text,
    path: linkPath,
    tag: hotTag.optional(),
  })
  .strict();

export const menuEntrySchema = z
  .object({
    name: text,
    path: linkPath.optional(),
    tag: hotTag.optional(),
    /** Dropdown kind: services (产品服务), case (解决方案), support (开发者支持). */
    type: z.enum(['services', 'case', 'support']).optional(),
    children: z.array(menuChildSchema).optional(),
  })
  .strict()
  .superRefine((entry, context) => {
    if (entry.type && !entry.children?.length) {
      context.addIssue({
        code: 'custom',
        path: ['children'],
        message: 'a dropdown entry (with type) needs children',
      });
    }
    if (!entry.type && entry.children) {
      context.addIssue({
        code: 'custom',
        path: ['type'],
        message: 'an entry with children needs a type (services, case or support)',
      });
    }
    if (!entry.type && !entry.path) {
      context.addIssue({
        code: 'custom',
        path: ['path'],
        message: 'an entry without a dropdown needs a path',
      });
    }
  });

export const menuSchema = z.object({ entry: z.array(menuEntrySchema).min(1) }).strict();

const namedLink = z.object({ name: text, path: linkPath }).strict();

/** A closing box inviting the visitor to get in touch. */
const callToAction = z.object({ title: text, text, button: text, path: linkPath }).strict();

const legalNotice = z.object({ text, href: linkPath.optional() }).strict();

export const footerSchema = z
  .object({
    nav_label: text,
    hotline_title: text,
    official_account_title: text,
    official_account_caption: text,
    column: z.array(z.object({ title: text, links: z.array(namedLink).min(1) }).strict()).min(1),
    legal: z
      .object({
        china: z.object({ notices: z.array(legalNotice).min(1) }).strict(),
        international: z.object({ notices: z.array(legalNotice).min(1) }).strict(),
      })
      .strict(),
  })
  .strict();

export const siteSchema = z
  .object({
    brand: z
      .object({
        name: text,
        wordmark: text,
        wordmark_latin: text,
        slogan: text,
        home_label: text,
      })
      .strict(),
    hotline: z
      .object({
        display: text,
        tel: z.string().regex(/^\+?\d{5,15}$/, 'must be digits only, e.g. 4000999023'),
        hours: text,
        charge: text,
        /** The number for structured data, e.g. +86-4000-999-023. */
        international: z.string().regex(/^\+\d{1,3}(-\d+)+$/, 'must look like +86-4000-999-023'),
        /** Opening hours for structured data, 24-hour HH:MM. */
        opens: z.string().regex(/^\d{2}:\d{2}$/, 'must be HH:MM, e.g. 09:00'),
        closes: z.string().regex(/^\d{2}:\d{2}$/, 'must be HH:MM, e.g. 18:00'),
      })
      .strict(),
    images: z
      .object({
        /** Widths for full-width layouts (spec section 9). */
        device_sizes: z.array(z.number().int().positive()).min(1),
        /** Widths for smaller images (spec section 9). */
        image_sizes: z.array(z.number().int().positive()).min(1),
        quality: z.number().int().min(1).max(100),
      })
      .strict(),
    copyright: z
      .object({
        start_year: z.number().int(),
        end_year: z.number().int(),
        holder: text,
        text,
      })
      .strict(),
    header: z
      .object({
        nav_label: text,
        consult: text,
        consult_path: linkPath,
        hotline_label: text,
        console: text,
        console_path: linkPath,
        customise: text,
        customise_path: linkPath,
        hot_tag: text,
        submenu: text,
      })
      .strict(),
    floating_tool: z
      .object({
        label: text,
        consult: text,
        consult_dialog_title: text,
        consult_dialog_intro: text,
        close: text,
        enterprise_wechat: text,
        enterprise_wechat_caption: text,
        official_account: text,
        official_account_caption: text,
        back_to_top: text,
      })
      .strict(),
    a11y: z.object({ skip_to_content: text, new_window: text, qr_alt_suffix: text }).strict(),
    /** Section headings and the closing call to action of every hardware page. */
    device_page: z
      .object({
        features_title: text,
        specs_title: text,
        spec_column: text,
        value_column: text,
        deployments_title: text,
        solutions_title: text,
        solution_link: text,
        cta: callToAction,
      })
      .strict(),
    /** Section headings and the closing call to action of every product-service page. */
    service_page: z
      .object({
        problem_title: text,
        capabilities_title: text,
        how_title: text,
        how_diagram: text,
        figures_title: text,
        figures_note: text,
        platforms_title: text,
        scenarios_title: text,
        scenario_link: text,
        devices_title: text,
        device_link: text,
        cta: callToAction,
      })
      .strict(),
    /** Section headings and the closing call to action of every solution page. */
    solution_page: z
      .object({
        pains_title: text,
        architecture_title: text,
        architecture_diagram: text,
        capabilities_title: text,
        service_link: text,
        devices_title: text,
        device_link: text,
        outcomes_title: text,
        outcomes_note: text,
        case_title: text,
        case_venue: text,
        case_challenge: text,
        case_approach: text,
        case_result: text,
        cta: callToAction,
      })
      .strict(),
    article_page: z
      .object({ back: text, published: text, category: text, latest_title: text })
      .strict(),
    /** The label in the corner of each kind of page's share image, and the image's bottom line. */
    share_image: z
      .object({
        home: text,
        service: text,
        hardware: text,
        device: text,
        solution: text,
        news: text,
        article: text,
        about: text,
        business: text,
        thanks: text,
        sdk: text,
        demo: text,
        kiosk: text,
        document: text,
        footer: text,
      })
      .strict(),
    not_found: z
      .object({
        title: text,
        description: text,
        heading: text,
        intro: text,
        home: text,
        suggestions_title: text,
        hotline_intro: text,
        suggestions: z.array(namedLink).min(1),
      })
      .strict(),
  })
  .strict();

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

const titledText = z.object({ title: text, text }).strict();

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

/** A short line for cards that list pages (home page, related pages): 12 to 70 characters. */
const cardSummary = z
  .string()
  .trim()
  .min(12, 'must be at least 12 characters')
  .max(70, 'keep it under 70 characters; it is shown on cards');

/** A box of a diagram: a short title and an optional one-line note. */
const diagramBox = z
  .object({
    title: z.string().trim().min(1).max(12, 'keep diagram titles to 12 characters'),
    text: z.string().trim().max(30, 'keep diagram notes to 30 characters').optional(),
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
              name: z.string().trim().min(1).max(8, 'keep layer names to 8 characters'),
              items: z
                .array(z.string().trim().min(1).max(12, 'keep items to 12 characters'))
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

/** A news article: content/news/<slug>.md, front matter plus a Markdown body. */
export const articleSchema = pageSchema
  .extend({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-06-01'),
    category: z.enum(['产品动态', '硬件发布', '项目实践', '行业观察'], {
      message: 'must be one of 产品动态, 硬件发布, 项目实践, 行业观察',
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

const messageKeys = [
  'required',
  'too_long',
  'phone',
  'email',
  'choice',
  'consent',
  'summary',
  'bot',
  'rate_limited',
  'too_large',
  'unsupported_type',
  'unavailable',
  'busy',
  'cross_site',
  'network',
  'notification_title',
] as const;

const wordsOf = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, text])) as Record<K, typeof text>).strict();

/** Words for some of the enquiry form's typed fields (hints, placeholders). */
const partialWords = z
  .object(
    Object.fromEntries(leadTextFields.map((key) => [key, text.optional()])) as Record<
      LeadTextField,
      z.ZodOptional<typeof text>
    >,
  )
  .strict();

/** A template that must name some placeholders, e.g. {label}. */
const template = (...names: string[]) =>
  text.refine((value) => names.every((name) => value.includes(`{${name}}`)), {
    message: `must contain ${names.map((name) => `{${name}}`).join(' and ')}`,
  });

/** content/leads.toml: every word of the enquiry form and the sales page (docs/enquiries.md sections 2, 3). */
export const leadsSchema = z
  .object({
    form: z
      .object({
        title: text,
        intro: text,
        dialog_intro: text,
        required_note: text,
        optional: text,
        scenario_prompt: text,
        other_scenario: text,
        product_none: text,
        product_group_services: text,
        product_group_devices: text,
        /** {privacy} is where the link to the privacy terms goes. */
        consent: template('privacy'),
        privacy_link: text,
        privacy_path: linkPath,
        honeypot_label: text,
        submit: text,
        sending: text,
        hints: partialWords,
        placeholders: partialWords,
      })
      .strict(),
    success: z.object({ heading: text, text, hotline: text }).strict(),
    labels: wordsOf(leadColumns),
    statuses: wordsOf(leadStatuses),
    variants: wordsOf(pageVariants),
    messages: wordsOf(messageKeys).extend({
      required: template('label'),
      too_long: template('label', 'max'),
      choice: template('label'),
      summary: template('count'),
      rate_limited: template('minutes'),
      busy: template('minutes'),
    }),
    admin: z
      .object({
        title: text,
        heading: text,
        search_label: text,
        search_placeholder: text,
        search_button: text,
        status_filter: text,
        all_statuses: text,
        export: text,
        caption: text,
        summary: template('total'),
        empty: text,
        loading: text,
        error: text,
        pagination: text,
        previous: text,
        next: text,
        page: template('page', 'pages'),
        status_change: template('name'),
        status_saved: template('name', 'status'),
        status_failed: template('name'),
        delivered: text,
        pending: text,
        unannounced: text,
        undeliverable: text,
        undeliverable_summary: template('count'),
      })
      .strict(),
  })
  .strict();

export type MenuChild = z.infer<typeof menuChildSchema>;
export type MenuEntry = z.infer<typeof menuEntrySchema>;
export type Menu = z.infer<typeof menuSchema>;
export type Footer = z.infer<typeof footerSchema>;
export type SiteInfo = z.infer<typeof siteSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;
export type ImageRef = z.infer<typeof imageSchema>;
export type PageContent = z.infer<typeof pageSchema>;
export type DevicePageContent = z.infer<typeof devicePageSchema>;
export type MarkdownPageContent = z.infer<typeof markdownPageSchema>;
export type ServicePageContent = z.infer<typeof servicePageSchema>;
export type DemoTaskContent = z.infer<typeof demoTaskSchema>;
export type DemoSectionContent = z.infer<typeof demoSectionSchema>;
export type DemoPageContent = z.infer<typeof demoPageSchema>;
export type SolutionPageContent = z.infer<typeof solutionPageSchema>;
export type ArticleContent = z.infer<typeof articleSchema>;
export type HomePageContent = z.infer<typeof homePageSchema>;
export type HardwarePageContent = z.infer<typeof hardwarePageSchema>;
export type NewsListPageContent = z.infer<typeof newsListPageSchema>;
export type AboutPageContent = z.infer<typeof aboutPageSchema>;
export type BusinessPageContent = z.infer<typeof businessPageSchema>;
export type SdkPageContent = z.infer<typeof sdkPageSchema>;
export type CallToAction = z.infer<typeof callToAction>;
export type CodeSample = z.infer<typeof codeSample>;
export type ThanksPageContent = z.infer<typeof thanksPageSchema>;
export type LeadsContent = z.infer<typeof leadsSchema>;
export type LeadMessageKey = (typeof messageKeys)[number];
