// The enquiry form's element ids and build-time markers. The server's answer page fills the
// markers in (docs/enquiries.md section 4) and the tests find elements by these ids, so they stay
// stable.
import type { LeadField } from '../content/lead-fields';

/** Element ids of one form: its fields', the alert's and the answer's. */
export function leadFieldId(formId: string, field: LeadField | 'alert' | 'success' | 'status') {
  return `${formId}-${field}`;
}

export const errorId = (formId: string, field: LeadField) => `${formId}-${field}-error`;
export const hintId = (formId: string, field: LeadField) => `${formId}-${field}-hint`;

/** A place in the build-time template where the server writes a value, a message or a state. */
export const marker = (key: string) => `%%LEAD:${key}%%`;
