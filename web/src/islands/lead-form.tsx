// The enquiry form (issue #6), on the business page and in the floating tool's dialog. Without
// JavaScript it is a plain POST to /api/leads that the server answers with a redirect or with
// this page again, filled in (docs/enquiries.md section 4). Once hydrated it checks fields as the
// visitor goes and sends JSON without leaving the page: its state is use-lead-form.ts, sending
// lead-submission.ts; this file is the markup.
import type { ReactNode, RefObject } from 'react';
import type { LeadChoice, LeadFormProps } from '../leads/catalog';
import { leadPaths } from '../leads/catalog';
import type { LeadField, LeadTextField } from '../content/lead-fields';
import { leadLimits } from '../leads/rules';
import { errorId, hintId, leadFieldId, marker } from './lead-form-ids';
import { useLeadForm } from './use-lead-form';

export type { LeadFormProps } from '../leads/catalog';

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
  const { formId, words, scenarios, products, compact } = props;
  const { state, sending, sent, formRef, successRef, onValue, onConsent, onBlur, onSubmit } =
    useLeadForm(props);
  const { values, consent, errors, alert, markers } = state;

  if (sent) return <LeadSuccess props={props} titleRef={successRef} />;

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
              onChange={onConsent}
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
      <p className="sr-only" id={leadFieldId(formId, 'status')} aria-live="polite" />
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

/** What replaces the form once the server has the enquiry; the title takes the focus. */
function LeadSuccess({
  props,
  titleRef,
}: {
  props: LeadFormProps;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { formId, words, hotline } = props;
  const [before, ...after] = words.success.hotline.split(hotline.display);
  return (
    <div className="lead-form-island">
      <div className="lead-success" id={leadFieldId(formId, 'success')}>
        <h3 className="lead-success__title" tabIndex={-1} ref={titleRef}>
          {words.success.heading}
        </h3>
        <p>{words.success.text}</p>
        <p>
          {before}
          {after.length > 0 ? <a href={`tel:${hotline.tel}`}>{hotline.display}</a> : null}
          {after.join(hotline.display)}
        </p>
      </div>
      <p className="sr-only" id={leadFieldId(formId, 'status')} aria-live="polite">
        {words.success.heading}
      </p>
    </div>
  );
}
