// The enquiry form (issue #6), on the business page and in the floating tool's dialog. Without
// JavaScript it is a plain POST to /api/leads that the server answers with a redirect or with
// this page again, filled in (contract section 4). Once hydrated it checks fields as the visitor
// goes, with the server's own rules (src/leads/rules.ts), and sends JSON without leaving the
// page; the server still decides.
import {
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { LeadChoice, LeadFormProps } from '../leads/catalog';
import { leadPaths } from '../leads/catalog';
import {
  type LeadAnswerField,
  type LeadField,
  type LeadTextField,
  leadAnswerFields,
  leadFields,
} from '../leads/fields';
import {
  type LeadInput,
  fieldMessage,
  fillTemplate,
  leadLimits,
  validateField,
} from '../leads/rules';

export type { LeadFormProps } from '../leads/catalog';

type ValueField = LeadAnswerField | 'page';

type Values = Record<ValueField, string>;
type Errors = Partial<Record<LeadField, string>>;

interface FormState {
  values: Values;
  consent: boolean;
  errors: Errors;
  alert: string;
  /** Build-time template: write the server's markers instead of values (contract section 4). */
  markers: boolean;
}

const valueFields: readonly ValueField[] = [...leadAnswerFields, 'page'];

/** Element ids of one form: stable, so tests and the server's template can rely on them. */
export function leadFieldId(formId: string, field: LeadField | 'alert' | 'success' | 'status') {
  return `${formId}-${field}`;
}
const errorId = (formId: string, field: LeadField) => `${formId}-${field}-error`;
const hintId = (formId: string, field: LeadField) => `${formId}-${field}-hint`;

const marker = (key: string) => `%%LEAD:${key}%%`;

function emptyState(page: string): FormState {
  const values = Object.fromEntries(valueFields.map((field) => [field, ''])) as Values;
  return { values: { ...values, page }, consent: false, errors: {}, alert: '', markers: false };
}

function markerState(): FormState {
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
function stateFromDocument(formId: string, page: string): FormState | undefined {
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

function initialState({ formId, page, template }: LeadFormProps): FormState {
  return stateFromDocument(formId, page) ?? (template ? markerState() : emptyState(page));
}

function inputOf(values: Values, consent: boolean): LeadInput {
  const { name, company, phone, email, scenario, product, message } = values;
  return { name, company, phone, email, scenario, product, message, consent };
}

/** The page to record: where the visitor is; the form's own field on the server's answer page. */
function currentPage(fallback: string): string {
  const path = typeof location === 'undefined' ? '' : location.pathname;
  return path.startsWith('/next/') ? path : fallback;
}

interface ServerAnswer {
  message?: string;
  errors?: Record<string, string>;
}

async function readAnswer(response: Response): Promise<ServerAnswer> {
  try {
    return (await response.json()) as ServerAnswer;
  } catch {
    return {};
  }
}

function Label({
  htmlFor,
  text,
  required,
  optional,
}: {
  htmlFor: string;
  text: string;
  required: boolean;
  optional: string;
}) {
  return (
    <label className="lead-form__label" htmlFor={htmlFor}>
      {text}
      {required ? (
        <span className="lead-form__required" aria-hidden="true">
          *
        </span>
      ) : (
        <span className="lead-form__optional">{optional}</span>
      )}
    </label>
  );
}

export function LeadForm(props: LeadFormProps) {
  const { formId, words, scenarios, products, hotline, compact } = props;
  const [state, setState] = useState(() => initialState(props));
  const [touched, setTouched] = useState<ReadonlySet<LeadField>>(() => new Set());
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const { values, consent, errors, alert, markers } = state;
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

  const messageFor = (field: LeadField, input: LeadInput) => {
    const code = validateField(field, input, choices);
    return code ? fieldMessage(words.messages, words.labels, field, code) : undefined;
  };

  const check = (field: LeadField, next: FormState) => {
    const error = messageFor(field, inputOf(next.values, next.consent));
    const errors = { ...next.errors };
    if (error) errors[field] = error;
    else delete errors[field];
    return { ...next, errors };
  };

  const update = (field: LeadField, change: (current: FormState) => FormState) => {
    const validate = touched.has(field);
    setState((current) => {
      const next = change(current);
      return validate ? check(field, next) : next;
    });
  };

  const onValue = (field: ValueField & LeadField) => (event: ChangeEvent<HTMLElement>) => {
    const value = (event.currentTarget as HTMLInputElement).value;
    update(field, (current) => ({ ...current, values: { ...current.values, [field]: value } }));
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
    const input = inputOf(values, consent);
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
    const body = {
      ...input,
      page: currentPage(values.page),
      leave_empty: trap instanceof HTMLInputElement ? trap.value : '',
    };
    let response: Response;
    try {
      response = await fetch(leadPaths.api, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      setSending(false);
      setState((current) => ({ ...current, alert: words.messages.network }));
      return;
    }
    const answer = await readAnswer(response);
    setSending(false);
    if (response.status === 201) {
      setSent(true);
      return;
    }
    const serverErrors: Errors = {};
    for (const field of leadFields) {
      const message = answer.errors?.[field];
      if (message) serverErrors[field] = message;
    }
    setState((current) => ({
      ...current,
      errors: serverErrors,
      alert: answer.message ?? words.messages.unavailable,
    }));
    const first = leadFields.find((field) => serverErrors[field]);
    if (first) focusField(first);
  };

  const statusId = leadFieldId(formId, 'status');
  if (sent) {
    const [before, ...after] = words.success.hotline.split(hotline.display);
    return (
      <div className="lead-form-island">
        <div className="lead-success" id={leadFieldId(formId, 'success')}>
          <h3 className="lead-success__title" tabIndex={-1} ref={successRef}>
            {words.success.heading}
          </h3>
          <p>{words.success.text}</p>
          <p>
            {before}
            {after.length > 0 ? <a href={`tel:${hotline.tel}`}>{hotline.display}</a> : null}
            {after.join(hotline.display)}
          </p>
        </div>
        <p className="sr-only" id={statusId} aria-live="polite">
          {words.success.heading}
        </p>
      </div>
    );
  }

  const describedBy = (field: LeadField, hint: boolean) =>
    hint ? `${hintId(formId, field)} ${errorId(formId, field)}` : errorId(formId, field);
  const invalid = (field: LeadField) =>
    markers ? marker(`invalid:${field}`) : errors[field] ? 'true' : 'false';
  const hintOf = (field: LeadField) => words.form.hints[field as LeadTextField];
  const placeholderOf = (field: LeadField) => words.form.placeholders[field as LeadTextField];

  const fieldBox = (field: LeadField, control: ReactNode, required: boolean): ReactNode => {
    const hint = hintOf(field);
    return (
      <div className={`lead-form__field lead-form__field--${field}`} key={field}>
        <Label
          htmlFor={leadFieldId(formId, field)}
          text={words.labels[field]}
          required={required}
          optional={words.form.optional}
        />
        {control}
        {hint ? (
          <p className="lead-form__hint" id={hintId(formId, field)}>
            {hint}
          </p>
        ) : null}
        <p className="lead-form__error" id={errorId(formId, field)}>
          {errors[field] ?? ''}
        </p>
      </div>
    );
  };

  const textInput = (
    field: 'name' | 'company' | 'phone' | 'email',
    type: string,
    autoComplete: string,
    required: boolean,
  ) =>
    fieldBox(
      field,
      <input
        id={leadFieldId(formId, field)}
        className="lead-form__input"
        name={field}
        type={type}
        autoComplete={autoComplete}
        {...(field === 'phone' ? { inputMode: 'tel' as const } : {})}
        required={required}
        maxLength={leadLimits[field]}
        placeholder={placeholderOf(field)}
        aria-invalid={invalid(field) as 'true' | 'false'}
        aria-describedby={describedBy(field, Boolean(hintOf(field)))}
        value={values[field]}
        onChange={onValue(field)}
        onBlur={onBlur(field)}
      />,
      required,
    );

  const option = (list: 'scenario' | 'product', choice: LeadChoice) => (
    <option
      key={choice.value}
      value={choice.value}
      {...(markers ? { 'data-lead-selected': `${list}:${choice.value}` } : {})}
    >
      {choice.label}
    </option>
  );

  const groups = [...new Set(products.map((choice) => choice.group ?? ''))];

  return (
    <div className="lead-form-island">
      <form
        id={formId}
        ref={formRef}
        className={compact ? 'lead-form lead-form--compact' : 'lead-form'}
        method="post"
        action={leadPaths.action}
        acceptCharset="utf-8"
        onSubmit={onSubmit}
      >
        <p className="lead-form__note">{words.form.required_note}</p>
        <div className="lead-form__alert" role="alert" id={leadFieldId(formId, 'alert')}>
          {alert}
        </div>
        <div className="lead-form__grid">
          {textInput('name', 'text', 'name', true)}
          {textInput('company', 'text', 'organization', true)}
          {textInput('phone', 'tel', 'tel', true)}
          {textInput('email', 'email', 'email', false)}
          {fieldBox(
            'scenario',
            <select
              id={leadFieldId(formId, 'scenario')}
              className="lead-form__select"
              name="scenario"
              required
              aria-invalid={invalid('scenario') as 'true' | 'false'}
              aria-describedby={describedBy('scenario', false)}
              {...(markers ? {} : { value: values.scenario })}
              onChange={onValue('scenario')}
              onBlur={onBlur('scenario')}
            >
              <option value="">{words.form.scenario_prompt}</option>
              {scenarios.map((choice) => option('scenario', choice))}
            </select>,
            true,
          )}
          {fieldBox(
            'product',
            <select
              id={leadFieldId(formId, 'product')}
              className="lead-form__select"
              name="product"
              aria-invalid={invalid('product') as 'true' | 'false'}
              aria-describedby={describedBy('product', false)}
              {...(markers ? {} : { value: values.product })}
              onChange={onValue('product')}
              onBlur={onBlur('product')}
            >
              {option('product', { value: '', label: words.form.product_none })}
              {groups.map((group) => (
                <optgroup label={group} key={group}>
                  {products
                    .filter((choice) => (choice.group ?? '') === group)
                    .map((choice) => option('product', choice))}
                </optgroup>
              ))}
            </select>,
            false,
          )}
          {fieldBox(
            'message',
            <textarea
              id={leadFieldId(formId, 'message')}
              className="lead-form__textarea"
              name="message"
              rows={compact ? 3 : 5}
              required
              maxLength={leadLimits.message}
              placeholder={placeholderOf('message')}
              aria-invalid={invalid('message') as 'true' | 'false'}
              aria-describedby={describedBy('message', Boolean(hintOf('message')))}
              value={values.message}
              onChange={onValue('message')}
              onBlur={onBlur('message')}
            />,
            true,
          )}
        </div>
        <div className="lead-form__field lead-form__field--consent">
          <div className="lead-form__check">
            <input
              id={leadFieldId(formId, 'consent')}
              className="lead-form__checkbox"
              type="checkbox"
              name="consent"
              value="on"
              required
              aria-invalid={invalid('consent') as 'true' | 'false'}
              aria-describedby={errorId(formId, 'consent')}
              {...(markers ? { 'data-lead-checked': 'consent' } : { checked: consent })}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setTouched((current) => new Set(current).add('consent'));
                setState((current) => check('consent', { ...current, consent: checked }));
              }}
              onBlur={onBlur('consent')}
            />
            <label htmlFor={leadFieldId(formId, 'consent')} className="lead-form__consent">
              <Consent props={props} />
              <span className="lead-form__required" aria-hidden="true">
                *
              </span>
            </label>
          </div>
          <p className="lead-form__error" id={errorId(formId, 'consent')}>
            {errors.consent ?? ''}
          </p>
        </div>
        <div className="lead-form__trap" aria-hidden="true">
          <label htmlFor={`${formId}-leave-empty`}>{words.form.honeypot_label}</label>
          <input
            id={`${formId}-leave-empty`}
            type="text"
            name="leave_empty"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <input type="hidden" name="page" value={values.page} />
        <p className="lead-form__actions">
          <button type="submit" className="lead-form__submit" disabled={sending}>
            {sending ? words.form.sending : words.form.submit}
          </button>
        </p>
      </form>
      <p className="sr-only" id={statusId} aria-live="polite" />
    </div>
  );
}

/** The consent sentence, with the privacy terms as a link (new window: the form keeps its input). */
function Consent({ props }: { props: LeadFormProps }) {
  const { form, newWindow } = props.words;
  const [before, after] = form.consent.split('{privacy}');
  return (
    <>
      {before}
      <a href={form.privacy_path} target="_blank" rel="noopener">
        {form.privacy_link}
        <span className="sr-only">{newWindow}</span>
      </a>
      {after}
    </>
  );
}
