// The enquiry form's rules (docs/enquiries.md section 1), for inline messages in the browser. The
// server (server/src/leads/validate.rs) is the authority and runs the same rules; both are tested
// against validation-cases.json, so a rule changed on one side only fails a test.
// No React and no Node here: the form island and the build both import it.
import {
  type LeadAnswerField,
  type LeadField,
  type LeadTextField,
  leadFields,
} from '../content/lead-fields';
import { languageOfPath } from '../content/language';

/** The codes of contract section 1, in the order they are checked. */
export type LeadErrorCode = 'required' | 'too_long' | 'phone' | 'email' | 'choice' | 'consent';

export type LeadErrors = Partial<Record<LeadField, LeadErrorCode>>;

/** The longest value of each text field, in Unicode scalar values after cleaning. */
export const leadLimits = {
  name: 40,
  company: 100,
  phone: 20,
  email: 254,
  message: 1000,
  page: 300,
} as const satisfies Record<LeadTextField | 'page', number>;

/**
 * What a visitor sent, in the JSON shape (absent = undefined): the answers, the consent box, the
 * page the form was on and the trap field for bots.
 */
export type LeadInput = {
  [F in LeadAnswerField | 'page' | 'leave_empty']?: string | undefined;
} & { consent?: boolean | undefined };

/** The values the two lists accept (manifest `leads.scenarios` / `leads.products`). */
export interface LeadChoices {
  scenarios: readonly string[];
  products: readonly string[];
}

// JavaScript's trim set, spelled out so the server can match it exactly: Unicode White_Space
// plus the byte order mark.
const edges = /^[\p{White_Space}\uFEFF]+|[\p{White_Space}\uFEFF]+$/gu;
const anySpace = /[\p{White_Space}\uFEFF]/gu;
const controls = /\p{Cc}/gu;
const controlsButNewline = /(?!\n)\p{Cc}/gu;

/** Removes control characters (`message` keeps line breaks; CRLF and CR become LF) and trims. */
export function cleanText(value: string, multiline = false): string {
  const kept = multiline
    ? value.replace(/\r\n?/g, '\n').replace(controlsButNewline, '')
    : value.replace(controls, '');
  return kept.replace(edges, '');
}

/** Spaces in a phone number carry no meaning: `138 0013 8000`. */
export function cleanPhone(value: string): string {
  return cleanText(value).replace(anySpace, '');
}

/** Length in Unicode scalar values (an emoji counts once, as on the server). */
export function charCount(value: string): number {
  return Array.from(value).length;
}

const mobile = /^1[3-9][0-9]{9}$/;
const landline = /^0[1-9][0-9]{1,2}-?[1-9][0-9]{6,7}(-[0-9]{1,6})?$/;

/**
 * A number abroad: `+`, a country code other than China's (whose numbers follow the rules above),
 * then digits, hyphens and brackets; 8 to 15 digits in all (E.164's longest).
 */
function isInternational(phone: string): boolean {
  const digits = phone.replace(/[^0-9]/g, '');
  return (
    /^\+[0-9()-]+$/.test(phone) &&
    digits.length >= 8 &&
    digits.length <= 15 &&
    !digits.startsWith('0') &&
    !digits.startsWith('86')
  );
}

/**
 * A Chinese mobile (with an optional +86 / 0086 / 86- prefix) or a landline with area code; from
 * the English edition's pages (`abroad`), a number abroad too.
 */
export function isPhone(phone: string, abroad = false): boolean {
  const prefix = ['+86', '0086', '86-'].find((candidate) => phone.startsWith(candidate));
  const national = prefix ? phone.slice(prefix.length) : phone;
  return (
    mobile.test(national.replaceAll('-', '')) ||
    landline.test(phone) ||
    (abroad && isInternational(phone))
  );
}

const localPart = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
const domainLabel = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** ASCII address syntax of contract section 1 (an IDN must be typed in punycode). */
export function isEmail(email: string): boolean {
  const at = email.indexOf('@');
  if (at < 0 || email.length > 254) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  const last = labels[labels.length - 1] ?? '';
  return (
    localPart.test(local) &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    labels.length >= 2 &&
    labels.every((label) => domainLabel.test(label)) &&
    /^[A-Za-z]{2,}$/.test(last)
  );
}

function lengthError(field: LeadTextField, value: string, required: boolean) {
  if (value === '') return required ? 'required' : undefined;
  return charCount(value) > leadLimits[field] ? 'too_long' : undefined;
}

/** The first rule `field` fails, or undefined when it passes. */
export function validateField(
  field: LeadField,
  input: LeadInput,
  choices: LeadChoices,
): LeadErrorCode | undefined {
  switch (field) {
    case 'name':
    case 'company':
    case 'message':
      return lengthError(field, cleanText(input[field] ?? '', field === 'message'), true);
    case 'phone': {
      const phone = cleanPhone(input.phone ?? '');
      // The English edition's visitors write from abroad: its form takes their numbers too.
      const abroad = languageOfPath(cleanText(input.page ?? '')) === 'en';
      return lengthError('phone', phone, true) ?? (isPhone(phone, abroad) ? undefined : 'phone');
    }
    case 'email': {
      const email = cleanText(input.email ?? '');
      const error = lengthError('email', email, false);
      if (error || email === '') return error;
      return isEmail(email) ? undefined : 'email';
    }
    case 'scenario': {
      const scenario = cleanText(input.scenario ?? '');
      if (scenario === '') return 'required';
      return choices.scenarios.includes(scenario) ? undefined : 'choice';
    }
    case 'product': {
      const product = cleanText(input.product ?? '');
      return product === '' || choices.products.includes(product) ? undefined : 'choice';
    }
    case 'consent':
      return input.consent === true ? undefined : 'consent';
  }
}

/** Every field's first failing rule; `{}` when the enquiry is valid. */
export function validateLead(input: LeadInput, choices: LeadChoices): LeadErrors {
  const errors: LeadErrors = {};
  for (const field of leadFields) {
    const error = validateField(field, input, choices);
    if (error) errors[field] = error;
  }
  return errors;
}

/** `{name}` placeholders filled from `vars`; unknown ones stay as written (as on the server). */
export function fillTemplate(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** The message for a field's error: `{label}` is the field's label, `{max}` its limit. */
export function fieldMessage(
  messages: Record<LeadErrorCode, string>,
  labels: Record<LeadField, string> | Record<string, string>,
  field: LeadField,
  code: LeadErrorCode,
): string {
  const vars: Record<string, string | number> = {
    label: (labels as Record<string, string>)[field] ?? field,
  };
  if (field in leadLimits) vars.max = leadLimits[field as keyof typeof leadLimits];
  return fillTemplate(messages[code], vars);
}
