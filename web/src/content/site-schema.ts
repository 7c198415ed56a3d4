// The shape of the site-wide files of content/: the menu, the footer and the site's own facts.
import { z } from 'zod';
import { callToAction, hotTag, legalNotice, linkPath, namedLink, text } from './schema-parts';

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

export type MenuChild = z.infer<typeof menuChildSchema>;
export type MenuEntry = z.infer<typeof menuEntrySchema>;
export type Menu = z.infer<typeof menuSchema>;

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
    // Each edition's name in its own language: the switch to a page's twin shows the other's.
    language_switch: z.object({ zh: text, en: text }).strict(),
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

export type Footer = z.infer<typeof footerSchema>;
export type SiteInfo = z.infer<typeof siteSchema>;
