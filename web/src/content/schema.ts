// The shape of every file in content/. A file that does not match fails the build with its
// path and the field at fault (see load.ts). Field comments are for whoever edits content.
import { z } from 'zod';
import { solutionSlugs } from '../route-table';
import { externalLinkKeys } from './link-keys';

export { type ExternalLinkKey, externalLinkKeys } from './link-keys';

const text = z.string().trim().min(1, 'must not be empty');

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
        cta_title: text,
        cta_text: text,
        cta_button: text,
        cta_path: linkPath,
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
    keywords: z.array(text).min(3, 'give at least 3 keywords').max(10, 'give at most 10 keywords'),
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

/** A hardware page (/next/device/<id>): what the device does, its specification, where it goes. */
export const devicePageSchema = pageSchema
  .extend({
    /** The product name used in menus and lists. */
    name: text,
    /** Solution pages this device is used in, by slug (e.g. factory, businessProposal). */
    related_solutions: z
      .array(z.enum(solutionSlugs, { message: `must be one of ${solutionSlugs.join(', ')}` }))
      .min(1, 'name at least one solution this device is used in')
      .max(4, 'name at most 4 solutions'),
    /** Key features, 3 to 6. */
    features: z
      .array(titledText)
      .min(3, 'give at least 3 features')
      .max(6, 'give at most 6 features'),
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
    deployments: z
      .array(titledText)
      .min(2, 'give at least 2 typical deployments')
      .max(4, 'give at most 4 typical deployments'),
  })
  .strict();

export const markdownPageSchema = pageSchema
  .extend({ updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-06-01') })
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
