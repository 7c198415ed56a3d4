// The shape of the enquiry's words in content/: field labels, messages and templates.
import { z } from 'zod';
import { type LeadTextField, leadColumns, leadStatuses, leadTextFields } from './lead-fields';
import { linkPath, text } from './schema-parts';
import { pageVariants } from './variant';

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
  'notification_english',
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

export type LeadsContent = z.infer<typeof leadsSchema>;
export type LeadMessageKey = (typeof messageKeys)[number];
