// @vitest-environment jsdom
// The enquiry form island (issue #6) on the browser runtime: its markup and accessibility
// wiring, the server's markers in the build-time template (docs/enquiries.md section 4), hydration
// over a form the server filled in, and what it does with each answer of POST /api/leads. The
// answers come from a fetch stand-in; the real server is driven by the browser tests (e2e/).
import 'preact/debug';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { repoContent } from '../content/repo-content';
import { leadFields } from '../content/lead-fields';
import { leadFormProps, pageFormId } from '../leads/catalog';
import { placeholderRuntime } from '../runtime/runtime';
import { IslandRoot } from './island-root';
import { answerEveryFetch as answer, cleanUpAfterEach } from './test-fetch';
import { LeadForm, type LeadFormProps } from './lead-form';
import { renderIsland } from './render';

const content = repoContent();
const { leads } = content;
const props = leadFormProps(content, { formId: pageFormId, page: '/next/business' });
const textFields = ['name', 'company', 'phone', 'email', 'message'] as const;
// Every field the visitor fills in has an error element.
const errorFields = leadFields;

function island(formProps: LeadFormProps = props) {
  return (
    <IslandRoot name="lead-form" runtime={placeholderRuntime}>
      <LeadForm {...formProps} />
    </IslandRoot>
  );
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const field = <T extends HTMLElement = HTMLInputElement>(name: string) =>
  byId<T>(`${pageFormId}-${name}`);

// Native events, as the browser sends them (Testing Library's helpers rename some for compat).
function type(element: HTMLElement, value: string) {
  act(() => {
    (element as HTMLInputElement).value = value;
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

function leave(element: HTMLElement) {
  act(() => {
    element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

function submit() {
  act(() => {
    byId(pageFormId).dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

function fillValid() {
  type(field('name'), '张三');
  type(field('company'), '寻境科技有限公司');
  type(field('phone'), '138 0013 8000');
  type(field('scenario'), 'factory');
  type(field('message'), '工厂需要人员定位。');
  act(() => field('consent').click());
}

/** A fetch that answers once with `status` and `body`, recording the request. */

cleanUpAfterEach();

describe('the enquiry form', () => {
  it('fills the description a page sent the visitor with (a device plan), and only that form', async () => {
    const asked = '部署规划：寻境示范医院门诊楼，蓝牙 AoA 网关，目标 CEP95 1 米';
    window.history.replaceState(null, '', `/next/business?message=${encodeURIComponent(asked)}`);
    try {
      render(island());
      await waitFor(() => expect(field<HTMLTextAreaElement>('message').value).toBe(asked));
      cleanup();
      render(
        island(leadFormProps(content, { formId: 'consult-lead-form', page: '/next/business' })),
      );
      expect(byId<HTMLTextAreaElement>('consult-lead-form-message').value).toBe('');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('posts to /api/leads#lead-form without JavaScript, with the native limits', () => {
    render(island());
    const form = byId<HTMLFormElement>(pageFormId);
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/leads#lead-form');
    expect(form.getAttribute('accept-charset')).toBe('utf-8');
    expect(field('name').maxLength).toBe(40);
    expect(field('company').maxLength).toBe(100);
    expect(field('phone').maxLength).toBe(20);
    expect(field('email').maxLength).toBe(254);
    expect(field<HTMLTextAreaElement>('message').maxLength).toBe(1000);
    for (const name of ['name', 'company', 'phone', 'scenario', 'message', 'consent']) {
      expect(field(name).hasAttribute('required'), name).toBe(true);
    }
    expect(field('email').hasAttribute('required')).toBe(false);
    expect(field('product').hasAttribute('required')).toBe(false);
    const page = form.querySelector<HTMLInputElement>('input[name="page"]');
    expect(page?.type).toBe('hidden');
    expect(page?.value).toBe('/next/business');
    expect(screen.getByRole('alert').id).toBe(`${pageFormId}-alert`);
  });

  it('labels every field visibly and ties its hint and error to it', () => {
    render(island());
    for (const name of errorFields) {
      const control = field(name);
      const label = document.querySelector(`label[for="${control.id}"]`);
      expect(label, name).not.toBeNull();
      if (name !== 'consent') expect(label?.textContent).toContain(leads.labels[name]);
      const described = control.getAttribute('aria-describedby')?.split(' ') ?? [];
      expect(described, name).toContain(`${pageFormId}-${name}-error`);
      expect(byId(`${pageFormId}-${name}-error`), name).not.toBeNull();
      expect(control.getAttribute('aria-invalid'), name).toBe('false');
    }
    expect(field('phone').getAttribute('aria-describedby')).toBe(
      `${pageFormId}-phone-hint ${pageFormId}-phone-error`,
    );
    expect(byId(`${pageFormId}-phone-hint`).textContent).toBe(
      '手机号或带区号的座机，如 010-12345678',
    );
    expect(screen.getByRole('textbox', { name: /姓名/ })).toBe(field('name'));
    expect(screen.getByRole('checkbox', { name: /隐私政策/ })).toBe(field('consent'));
    const privacy = screen.getByRole('link', { name: /隐私政策/ });
    expect(privacy.getAttribute('href')).toBe('/next/privacy');
  });

  it('hides the honeypot from people and from assistive technology', () => {
    render(island());
    const trap = document.querySelector<HTMLInputElement>('input[name="leave_empty"]');
    expect(trap).not.toBeNull();
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.getAttribute('autocomplete')).toBe('off');
    const wrapper = trap?.closest('[aria-hidden="true"]');
    expect(wrapper?.className).toBe('lead-form__trap');
    expect(screen.queryByRole('textbox', { name: leads.form.honeypot_label })).toBeNull();
  });

  it('checks a field when it loses focus, and again as it changes once touched', async () => {
    render(island());
    const name = field('name');
    type(name, '');
    expect(byId(`${pageFormId}-name-error`).textContent).toBe('');
    leave(name);
    expect(byId(`${pageFormId}-name-error`).textContent).toBe('请填写姓名');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    type(name, '张三');
    expect(byId(`${pageFormId}-name-error`).textContent).toBe('');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    type(field('phone'), '12345');
    leave(field('phone'));
    expect(byId(`${pageFormId}-phone-error`).textContent).toBe(leads.messages.phone);
  });

  it('on submit shows every problem, the count in the alert, focuses the first; sends nothing', async () => {
    const fetch = answer(201, {});
    render(island());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(byId<HTMLFormElement>(pageFormId).noValidate).toBe(true);
    type(field('name'), '张三');
    submit();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('有 5 项需要修改，请查看标出的字段。');
    expect(document.activeElement).toBe(field('company'));
    expect(byId(`${pageFormId}-consent-error`).textContent).toBe(leads.messages.consent);
    expect(field('name').value).toBe('张三');
  });
});

describe('sending', () => {
  it('201: sends JSON and shows the success panel, its heading focused', async () => {
    const fetch = answer(201, { id: 'L1', thanks_path: '/next/business/thanks' });
    render(island());
    fillValid();
    submit();
    expect(screen.getByRole('button', { name: leads.form.sending })).toHaveProperty(
      'disabled',
      true,
    );
    const heading = await screen.findByRole('heading', { name: leads.success.heading });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(byId(`${pageFormId}-success`)).not.toBeNull();
    expect(byId(pageFormId)).toBeNull();
    expect(byId(`${pageFormId}-status`).textContent).toBe(leads.success.heading);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/leads');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({
      name: '张三',
      company: '寻境科技有限公司',
      phone: '138 0013 8000',
      email: '',
      scenario: 'factory',
      product: '',
      message: '工厂需要人员定位。',
      consent: true,
      // jsdom's address is not a page of the site, so the form's own page is sent.
      page: '/next/business',
      leave_empty: '',
    });
  });

  it("422: shows the server's messages by the fields and its summary, keeping the input", async () => {
    answer(422, { message: '有 1 项需要修改', errors: { phone: '服务器说：电话不对' } });
    render(island());
    fillValid();
    submit();
    await waitFor(() =>
      expect(byId(`${pageFormId}-phone-error`).textContent).toBe('服务器说：电话不对'),
    );
    expect(screen.getByRole('alert').textContent).toBe('有 1 项需要修改');
    expect(field('phone').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('phone'));
    expect(field('name').value).toBe('张三');
    expect(field<HTMLTextAreaElement>('message').value).toBe('工厂需要人员定位。');
    expect(screen.getByRole('button', { name: leads.form.submit })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("429: the server's message in the alert", async () => {
    answer(429, { message: '提交次数过多，请 10 分钟后再试', retry_after_secs: 600 });
    render(island());
    fillValid();
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('提交次数过多，请 10 分钟后再试'),
    );
    expect(field('company').value).toBe('寻境科技有限公司');
  });

  it('a network failure: the network message, nothing cleared', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(island());
    fillValid();
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(leads.messages.network));
    expect(leads.messages.network).toContain('4000-999-023');
    expect(field('phone').value).toBe('138 0013 8000');
    expect(field<HTMLSelectElement>('scenario').value).toBe('factory');
    expect(field('consent').checked).toBe(true);
  });
});

describe('the no-JavaScript answer (contract section 4)', () => {
  const template = renderIsland('lead-form', { ...props, template: true });
  const count = (text: string) => template.split(text).length - 1;

  it('carries every marker exactly once', () => {
    for (const name of [...textFields, 'page']) {
      expect(count(`%%LEAD:value:${name}%%`), name).toBe(1);
    }
    for (const name of errorFields) {
      expect(count(`%%LEAD:error:${name}%%`), name).toBe(1);
      expect(count(`aria-invalid="%%LEAD:invalid:${name}%%"`), name).toBe(1);
    }
    expect(count('%%LEAD:alert%%')).toBe(1);
    expect(count('data-lead-checked="consent"')).toBe(1);
    expect(count('%%LEAD:')).toBe(6 + 8 + 8 + 1);
  });

  it('marks every option of both lists, the empty product option included', () => {
    for (const { value } of props.scenarios) {
      expect(count(`data-lead-selected="scenario:${value}"`), value).toBe(1);
    }
    for (const { value } of props.products) {
      expect(count(`data-lead-selected="product:${value}"`), value).toBe(1);
    }
    expect(count('data-lead-selected="product:"')).toBe(1);
    expect(count('data-lead-selected="scenario:"')).toBe(0);
    expect(count(' selected')).toBe(0);
    // Values go inside value="..." and the message is the textarea's text.
    expect(template).toContain('value="%%LEAD:value:name%%"');
    expect(template).toMatch(/<textarea[^>]*>%%LEAD:value:message%%<\/textarea>/);
  });

  /** What the server does with the markers for one refused submission. */
  function serverFill(html: string) {
    const values: Record<string, string> = {
      name: '张三 &lt;b&gt;',
      company: '寻境',
      phone: '12345',
      email: '',
      message: '第一行\n第二行',
      page: '/next/map',
    };
    const errors: Record<string, string> = { phone: '请填写正确的手机号' };
    return html
      .replace(/%%LEAD:value:(\w+)%%/g, (_, name: string) => values[name] ?? '')
      .replace(/%%LEAD:error:(\w+)%%/g, (_, name: string) => errors[name] ?? '')
      .replace(/%%LEAD:invalid:(\w+)%%/g, (_, name: string) => String(name in errors))
      .replace('%%LEAD:alert%%', '有 1 项需要修改')
      .replace(/ data-lead-selected="(\w+):([^"]*)"/g, (_, list: string, value: string) =>
        (list === 'scenario' && value === 'factory') || (list === 'product' && value === 'device:3')
          ? ' selected'
          : '',
      )
      .replace(' data-lead-checked="consent"', ' checked');
  }

  it('hydrates over what the server filled in without wiping it', async () => {
    const container = document.createElement('div');
    container.innerHTML = serverFill(template);
    document.body.append(container);
    const before = container.innerHTML;
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    await act(() => {
      hydrateRoot(container, island({ ...props, template: true }));
    });
    expect(errors).toEqual([]);
    // Hydration adds novalidate, and moves the textarea's text into its value (Preact drops the
    // text node and sets the value): what the visitor sees stays the same.
    const settled = (html: string) =>
      html.replace(' novalidate=""', '').replace(/(<textarea[^>]*>)[^<]*/, '$1');
    expect(settled(container.innerHTML)).toBe(settled(before));
    expect(field('name').value).toBe('张三 <b>');
    expect(field<HTMLTextAreaElement>('message').value).toBe('第一行\n第二行');
    expect(field<HTMLSelectElement>('scenario').value).toBe('factory');
    expect(field<HTMLSelectElement>('product').value).toBe('device:3');
    expect(field('consent').checked).toBe(true);
    // A re-render (typing elsewhere) keeps the server's messages and values.
    type(field('company'), '寻境科技');
    expect(byId(`${pageFormId}-phone-error`).textContent).toBe('请填写正确的手机号');
    expect(field('phone').getAttribute('aria-invalid')).toBe('true');
    expect(byId(`${pageFormId}-alert`).textContent).toBe('有 1 项需要修改');
    expect(field<HTMLTextAreaElement>('message').value).toBe('第一行\n第二行');
    expect(document.querySelector<HTMLInputElement>('input[name="page"]')?.value).toBe('/next/map');
    // And the visitor can fix the phone: the message goes once it is valid.
    type(field('phone'), '13800138000');
    leave(field('phone'));
    expect(byId(`${pageFormId}-phone-error`).textContent).toBe('');
  });
});
