// Sending an enquiry from the hydrated form: the JSON POST to /api/leads and what the answer
// means for the form (docs/enquiries.md section 4). No React here: the form's hook decides what to
// show.
import { leadPaths } from '../leads/catalog';
import { type LeadField, leadFields } from '../content/lead-fields';
import type { LeadInput } from '../leads/rules';
import type { EnquiryRefused } from './lead-answers';

/** What came of sending. */
export type LeadOutcome =
  | { kind: 'sent' }
  /** No answer at all (offline, connection dropped): the form keeps what it shows. */
  | { kind: 'unreachable' }
  /** The server refused: its message, and the fields it found fault with. */
  | { kind: 'refused'; message: string | undefined; errors: Partial<Record<LeadField, string>> };

/** A refusal as the server types it (lead-answers.ts); a proxy's error page may hold none of it. */
type ServerAnswer = Partial<EnquiryRefused>;

async function readAnswer(response: Response): Promise<ServerAnswer> {
  try {
    return (await response.json()) as ServerAnswer;
  } catch {
    return {};
  }
}

/** The page to record: where the visitor is; the form's own field on the server's answer page. */
function currentPage(fallback: string): string {
  const path = typeof location === 'undefined' ? '' : location.pathname;
  return path.startsWith('/next/') ? path : fallback;
}

/**
 * Posts the enquiry; the server answers 201 once it has stored it. `formPage` is the form's own
 * page field, `trap` whatever was typed into the field only bots see.
 */
export async function sendLead(
  input: LeadInput,
  formPage: string,
  trap: string,
): Promise<LeadOutcome> {
  const body = { ...input, page: currentPage(formPage), leave_empty: trap };
  let response: Response;
  try {
    response = await fetch(leadPaths.api, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const answer = await readAnswer(response);
  if (response.status === 201) return { kind: 'sent' };
  const errors: Partial<Record<LeadField, string>> = {};
  for (const field of leadFields) {
    const message = answer.errors?.[field];
    if (message) errors[field] = message;
  }
  return { kind: 'refused', message: answer.message, errors };
}
