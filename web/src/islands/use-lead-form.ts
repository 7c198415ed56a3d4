// The enquiry form's state: what the visitor entered, each field's message and the alert. Fields
// are checked as the visitor goes, with the server's own rules (src/leads/rules.ts), and all of
// them once more before sending (lead-submission.ts); the server still decides.
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { type LeadFormProps, pageFormId } from '../leads/catalog';
import {
  type LeadAnswerField,
  type LeadField,
  leadAnswerFields,
  leadFields,
} from '../content/lead-fields';
import {
  type LeadInput,
  fieldMessage,
  fillTemplate,
  leadLimits,
  validateField,
} from '../leads/rules';
import { errorId, leadFieldId, marker } from './lead-form-ids';
import { sendLead } from './lead-submission';

/** The form's controls with a string value: the answers and the hidden page field. */
export type ValueField = LeadAnswerField | 'page';

type Values = Record<ValueField, string>;
type Errors = Partial<Record<LeadField, string>>;

export interface LeadFormState {
  values: Values;
  consent: boolean;
  errors: Errors;
  alert: string;
  /**
   * Build-time template: write the server's markers instead of values (docs/enquiries.md
   * section 4).
   */
  markers: boolean;
}

const valueFields: readonly ValueField[] = [...leadAnswerFields, 'page'];

function emptyState(page: string): LeadFormState {
  const values = Object.fromEntries(valueFields.map((field) => [field, ''])) as Values;
  return { values: { ...values, page }, consent: false, errors: {}, alert: '', markers: false };
}

function markerState(): LeadFormState {
  const values = Object.fromEntries(
    valueFields.map((field) => [
      field,
      field === 'scenario' || field === 'product' ? '' : marker(`value:${field}`),
    ]),
  ) as Values;
  const errors = Object.fromEntries(
    leadFields.map((field) => [field, marker(`error:${field}`)]),
  ) as Errors;
  return { values, consent: false, errors, alert: marker('alert'), markers: true };
}

/**
 * What the server put into the form before the browser got the page: after a refused
 * no-JavaScript submission it holds the visitor's values and the messages. Hydration must start
 * from exactly that, or it would wipe it.
 */
function stateFromDocument(formId: string, page: string): LeadFormState | undefined {
  if (typeof document === 'undefined') return undefined;
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return undefined;
  const state = emptyState(page);
  for (const field of valueFields) {
    const element = form.elements.namedItem(field);
    if (
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ) {
      state.values[field] = element.value;
    }
  }
  const consent = form.elements.namedItem('consent');
  state.consent = consent instanceof HTMLInputElement && consent.checked;
  for (const field of leadFields) {
    const text = document.getElementById(errorId(formId, field))?.textContent ?? '';
    if (text) state.errors[field] = text;
  }
  state.alert = document.getElementById(leadFieldId(formId, 'alert'))?.textContent ?? '';
  return state;
}

function initialState({ formId, page, template }: LeadFormProps): LeadFormState {
  return stateFromDocument(formId, page) ?? (template ? markerState() : emptyState(page));
}

/** The answers as the rules read them, with the page (its edition decides which phones pass). */
function inputOf(values: Values, consent: boolean): LeadInput {
  return {
    ...Object.fromEntries(leadAnswerFields.map((field) => [field, values[field]])),
    page: values.page,
    consent,
  };
}

export function useLeadForm(props: LeadFormProps) {
  const { formId, words, scenarios, products } = props;
  const [state, setState] = useState(() => initialState(props));
  const [touched, setTouched] = useState<ReadonlySet<LeadField>>(() => new Set());
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const choices = {
    scenarios: scenarios.map((choice) => choice.value),
    products: products.map((choice) => choice.value),
  };

  // From here on the form checks itself, with the server's messages instead of the browser's.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  // A page that sends the visitor here with what to ask (the demo's "发送给销售" with a device
  // plan) fills the page's own form's description once hydrated, unless it holds one already:
  // typed in, as the visitor would, so the form's state follows.
  useEffect(() => {
    if (formId !== pageFormId) return;
    const asked = new URLSearchParams(window.location.search).get('message')?.trim();
    const field = formRef.current?.elements.namedItem('message');
    if (!asked || !(field instanceof HTMLTextAreaElement) || field.value) return;
    field.value = asked.slice(0, leadLimits.message);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, [formId]);

  const messageFor = (field: LeadField, input: LeadInput) => {
    const code = validateField(field, input, choices);
    return code ? fieldMessage(words.messages, words.labels, field, code) : undefined;
  };

  const check = (field: LeadField, next: LeadFormState) => {
    const error = messageFor(field, inputOf(next.values, next.consent));
    const errors = { ...next.errors };
    if (error) errors[field] = error;
    else delete errors[field];
    return { ...next, errors };
  };

  // A field is checked as it changes only once the visitor has left it (or tried to send).
  const update = (field: LeadField, change: (current: LeadFormState) => LeadFormState) => {
    const validate = touched.has(field);
    setState((current) => {
      const next = change(current);
      return validate ? check(field, next) : next;
    });
  };

  const onValue = (field: LeadAnswerField) => (event: ChangeEvent<HTMLElement>) => {
    const value = (event.currentTarget as HTMLInputElement).value;
    update(field, (current) => ({ ...current, values: { ...current.values, [field]: value } }));
  };

  const onConsent = (event: ChangeEvent<HTMLInputElement>) => {
    const checked = event.currentTarget.checked;
    setTouched((current) => new Set(current).add('consent'));
    setState((current) => check('consent', { ...current, consent: checked }));
  };

  const onBlur = (field: LeadField) => () => {
    setTouched((current) => new Set(current).add(field));
    setState((current) => check(field, current));
  };

  const focusField = (field: LeadField) => {
    document.getElementById(leadFieldId(formId, field))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const input = inputOf(state.values, state.consent);
    const found: Errors = {};
    for (const field of leadFields) {
      const error = messageFor(field, input);
      if (error) found[field] = error;
    }
    setTouched(new Set(leadFields));
    const invalid = leadFields.filter((field) => found[field]);
    if (invalid.length > 0) {
      setState((current) => ({
        ...current,
        errors: found,
        alert: fillTemplate(words.messages.summary, { count: invalid.length }),
      }));
      focusField(invalid[0]!);
      return;
    }
    setState((current) => ({ ...current, errors: {}, alert: '' }));
    setSending(true);
    const trap = formRef.current?.elements.namedItem('leave_empty');
    const outcome = await sendLead(
      input,
      state.values.page,
      trap instanceof HTMLInputElement ? trap.value : '',
    );
    setSending(false);
    if (outcome.kind === 'sent') {
      setSent(true);
      return;
    }
    if (outcome.kind === 'unreachable') {
      setState((current) => ({ ...current, alert: words.messages.network }));
      return;
    }
    const { errors, message } = outcome;
    setState((current) => ({
      ...current,
      errors,
      alert: message ?? words.messages.unavailable,
    }));
    const first = leadFields.find((field) => errors[field]);
    if (first) focusField(first);
  };

  return { state, sending, sent, formRef, successRef, onValue, onConsent, onBlur, onSubmit };
}
