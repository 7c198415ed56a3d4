// What content/ says about enquiries, shaped for the two places that use it: the manifest's
// `leads` section the server reads (docs/enquiries.md section 3), and the props of the form and
// admin islands. The choices come from the site itself: scenarios are the solution pages (named as
// in the solutions menu) plus "other", products the service pages (named as in the services menu)
// and the devices.
import type { LeadsContent, MenuEntry } from '../content/schema';
import type { Content } from '../content/types';
import { pagesOf } from '../content/types';
import { deviceIds, serviceSlugs, solutionSlugs } from '../content/route-table';
import { type LeadField, leadFields } from '../content/lead-fields';
import { editionPath } from '../content/language';
import type { LeadErrorCode } from './rules';

/** Addresses of the enquiry flow (contract sections 3 to 5). */
export const leadPaths = {
  form: '/next/business',
  thanks: '/next/business/thanks',
  api: '/api/leads',
  /** The no-JavaScript form's action: the fragment scrolls the answer to the form. */
  action: '/api/leads#lead-form',
  adminJson: '/admin/leads.json',
  adminCsv: '/admin/leads.csv',
  /** The admin page's file in dist/ (manifest `leads.admin_page`). */
  adminFile: 'admin/leads.html',
} as const;

/** The id of the form on the business page, the target of `#lead-form`. */
export const pageFormId = 'lead-form';
/** The id of the form in the floating tool's consultation dialog. */
export const dialogFormId = 'consult-lead-form';

export const otherScenario = 'other';

export interface LeadChoice {
  value: string;
  label: string;
  /** Products only: the option group. */
  group?: string;
}

/** The manifest's word lists (contract section 3), {hotline} already filled in. */
export interface LeadCatalog {
  scenarios: LeadChoice[];
  products: LeadChoice[];
  labels: LeadsContent['labels'];
  statuses: LeadsContent['statuses'];
  variants: LeadsContent['variants'];
  messages: LeadsContent['messages'];
}

function menuNames(menu: readonly MenuEntry[], type: MenuEntry['type']): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of menu) {
    if (entry.type !== type) continue;
    for (const child of entry.children ?? []) {
      if (!names.has(child.path)) names.set(child.path, child.name);
    }
  }
  return names;
}

/** Menu order first (the order visitors know), then anything the menu leaves out. */
function inMenuOrder<T extends string>(
  slugs: readonly T[],
  pathOf: (slug: T) => string,
  names: Map<string, string>,
): T[] {
  const order = [...names.keys()];
  const position = (slug: T) => {
    const at = order.indexOf(pathOf(slug));
    return at < 0 ? order.length : at;
  };
  return [...slugs].sort((a, b) => position(a) - position(b));
}

export function leadCatalog(content: Content): LeadCatalog {
  const { leads, menu, pages, language } = content;
  const heading = (path: string) =>
    pages.find((page) => page.route.path === path)?.content.hero.heading ?? path;
  // The edition's addresses: its menu and pages link to its own (/next/en/... in English).
  const at = (path: string) => editionPath(path, language);
  const solutions = menuNames(menu.entry, 'case');
  const solutionPath = (slug: string) => at(`/next/solution/${slug}`);
  const services = menuNames(menu.entry, 'services');
  const servicePath = (slug: string) => at(`/next/${slug}`);
  const devicePath = (id: number) => at(`/next/device/${id}`);
  const devices = new Map(
    pagesOf(pages, 'device').map(({ page, content: device }) => [page.route.path, device.name]),
  );
  return {
    scenarios: [
      ...inMenuOrder(solutionSlugs, solutionPath, solutions).map((slug) => ({
        value: slug,
        label: solutions.get(solutionPath(slug)) ?? heading(solutionPath(slug)),
      })),
      { value: otherScenario, label: leads.form.other_scenario },
    ],
    products: [
      ...inMenuOrder(serviceSlugs, servicePath, services).map((slug) => ({
        value: `service:${slug}`,
        label: services.get(servicePath(slug)) ?? heading(servicePath(slug)),
        group: leads.form.product_group_services,
      })),
      ...deviceIds.map((id) => ({
        value: `device:${id}`,
        label: devices.get(devicePath(id)) ?? heading(devicePath(id)),
        group: leads.form.product_group_devices,
      })),
    ],
    labels: leads.labels,
    statuses: leads.statuses,
    variants: leads.variants,
    messages: leads.messages,
  };
}

/** Every word the form shows or says. */
export interface LeadFormWords {
  form: LeadsContent['form'];
  success: LeadsContent['success'];
  labels: Record<LeadField, string>;
  messages: Record<LeadErrorCode | 'summary' | 'network' | 'unavailable', string>;
  /** Said by screen readers after a link that opens a new window. */
  newWindow: string;
}

export function leadFormWords(content: Content): LeadFormWords {
  const { form, success, labels, messages } = content.leads;
  return {
    form,
    success,
    // The consent box is labelled by the privacy terms' link, the words its message names.
    labels: Object.fromEntries(
      leadFields.map((field) => [field, field === 'consent' ? form.privacy_link : labels[field]]),
    ) as Record<LeadField, string>,
    messages: {
      required: messages.required,
      too_long: messages.too_long,
      phone: messages.phone,
      email: messages.email,
      choice: messages.choice,
      consent: messages.consent,
      summary: messages.summary,
      network: messages.network,
      unavailable: messages.unavailable,
    },
    newWindow: content.site.a11y.new_window,
  };
}

/** The props of the `lead-form` island (src/islands/lead-form.tsx). */
export interface LeadFormProps {
  /** The form element's id; its fields' ids start with it. */
  formId: string;
  /** The page the form is on, sent as `page` by the no-JavaScript form. */
  page: string;
  words: LeadFormWords;
  scenarios: LeadChoice[];
  products: LeadChoice[];
  hotline: { display: string; tel: string };
  /** The dialog's layout: one column, shorter texts. */
  compact?: boolean | undefined;
  /**
   * Rendered at build time with the markers of contract section 4 for the server to fill in;
   * in the browser the form starts from what the server filled in.
   */
  template?: boolean | undefined;
}

export function leadFormProps(
  content: Content,
  options: { formId: string; page: string; compact?: boolean; template?: boolean },
): LeadFormProps {
  const catalog = leadCatalog(content);
  return {
    formId: options.formId,
    page: options.page,
    words: leadFormWords(content),
    scenarios: catalog.scenarios,
    products: catalog.products,
    hotline: { display: content.site.hotline.display, tel: content.site.hotline.tel },
    ...(options.compact ? { compact: true } : {}),
    ...(options.template ? { template: true } : {}),
  };
}

/** The words of the `lead-admin` island (src/islands/lead-admin.tsx). */
export interface LeadAdminProps {
  words: LeadsContent['admin'];
  labels: LeadsContent['labels'];
  statuses: LeadsContent['statuses'];
}
