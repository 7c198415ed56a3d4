// Sending an enquiry, without the form around it: the request the server gets and what each kind
// of answer comes to (contract section 4).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendLead } from './lead-submission';

const input = { name: '张三', phone: '13800138000', consent: true };

function answer(response: Response | Error) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('sending an enquiry', () => {
  it('posts JSON with the page the visitor is on and the trap field', async () => {
    history.replaceState(null, '', '/next/map');
    const fetch = answer(new Response(null, { status: 201 }));
    expect(await sendLead(input, '/next/business', '')).toEqual({ kind: 'sent' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/leads');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({
      ...input,
      page: '/next/map',
      leave_empty: '',
    });
  });

  it("records the form's own page when the visitor is on the server's answer page", async () => {
    history.replaceState(null, '', '/api/leads');
    const fetch = answer(new Response(null, { status: 201 }));
    await sendLead(input, '/next/business', 'bot');
    expect(JSON.parse(fetch.mock.calls[0]![1].body as string)).toMatchObject({
      page: '/next/business',
      leave_empty: 'bot',
    });
  });

  it("a refusal brings the server's message and its errors for the form's fields only", async () => {
    const body = { message: '请检查', errors: { phone: '电话不对', page: '太长', other: 'x' } };
    answer(Response.json(body, { status: 422 }));
    expect(await sendLead(input, '/next/business', '')).toEqual({
      kind: 'refused',
      message: '请检查',
      errors: { phone: '电话不对' },
    });
  });

  it('an answer that is not JSON is a refusal without a message', async () => {
    answer(new Response('<html>', { status: 502 }));
    expect(await sendLead(input, '/next/business', '')).toEqual({
      kind: 'refused',
      message: undefined,
      errors: {},
    });
  });

  it('no answer at all is unreachable', async () => {
    answer(new TypeError('Failed to fetch'));
    expect(await sendLead(input, '/next/business', '')).toEqual({ kind: 'unreachable' });
  });
});
