// The enquiry's fields, named once on the web side (the server keeps its own list in
// server/src/leads/). The rules, the form's state, the content schema's labels and the sales
// table derive their lists and types from these, so a field added here reaches all of them.
// No React and no Node here: the islands, the build and the schema all import it.

/**
 * What a visitor fills in, in the order the form shows it, and how: typed text, a choice from a
 * list, or the consent box.
 */
const visitorFields = {
  name: 'text',
  company: 'text',
  phone: 'text',
  email: 'text',
  scenario: 'choice',
  product: 'choice',
  message: 'text',
  consent: 'consent',
} as const;

type VisitorFields = typeof visitorFields;
type FieldKind = VisitorFields[keyof VisitorFields];

export type LeadField = keyof VisitorFields;
type FieldsOfKind<K extends FieldKind> = {
  [F in LeadField]: VisitorFields[F] extends K ? F : never;
}[LeadField];
/** The typed fields: each has a length limit, and may have a hint and a placeholder. */
export type LeadTextField = FieldsOfKind<'text'>;
/** The fields whose answer is a string: all but the consent box. */
export type LeadAnswerField = FieldsOfKind<'text' | 'choice'>;

/** Every field a visitor fills in, in the order the form shows them. */
export const leadFields = Object.keys(visitorFields) as readonly LeadField[];

function fieldsOfKind<K extends FieldKind>(...kinds: readonly K[]): readonly FieldsOfKind<K>[] {
  return leadFields.filter((field): field is FieldsOfKind<K> =>
    (kinds as readonly FieldKind[]).includes(visitorFields[field]),
  );
}

export const leadTextFields = fieldsOfKind('text');
export const leadAnswerFields = fieldsOfKind('text', 'choice');

/**
 * The columns of a stored enquiry (docs/enquiries.md section 5), each labelled in
 * content/leads.toml: the visitor's answers among what the server records with them. The consent
 * box is no column: a stored enquiry always had it ticked.
 */
export const leadColumns = [
  'id',
  'created_at',
  'status',
  ...leadAnswerFields,
  'page',
  'variant',
  'user_agent',
  'delivery',
] as const;

export type LeadColumn = (typeof leadColumns)[number];

/** Where the sales team has got with an enquiry. */
export const leadStatuses = ['new', 'contacted', 'closed'] as const;

export type LeadStatus = (typeof leadStatuses)[number];
