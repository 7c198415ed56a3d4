// Sending an enquiry, without the form around it: the request the server gets and what each kind
// of answer comes to (docs/enquiries.md section 4).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendLead } from './lead-submission';

const input = { name: '张三', phone: '13800138000', consent: true };

/** Sends `input` from the address `path`; `response` is the server's answer, an Error none. */
async function sendFrom(path: string, response: Response | Error, trap = '') {
  history.replaceState(null, '', path);
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  const outcome = await sendLead(input, '/next/business', trap);
  const [url, init] = fetch.mock.calls[0]!;
  return { outcome, url, init, body: JSON.parse(init.body as string) as unknown };
}

afterEach(() => vi.unstubAllGlobals());

describe('sending an enquiry', () => {
  it('posts JSON with the page the visitor is on and the trap field', async () => {
    const sent = await sendFrom('/next/map', new Response(null, { status: 201 }));
    expect(sent.outcome).toEqual({ kind: 'sent' });
    expect(sent.url).toBe('/api/leads');
    expect(sent.init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(new Headers(sent.init.headers).get('content-type')).toBe('application/json');
    expect(sent.body).toEqual({ ...input, page: '/next/map', leave_empty: '' });
  });

  it("records the form's own page when the visitor is on the server's answer page", async () => {
    const sent = await sendFrom('/api/leads', new Response(null, { status: 201 }), 'bot');
    expect(sent.body).toMatchObject({ page: '/next/business', leave_empty: 'bot' });
  });

  it("a refusal brings the server's message and its errors for the form's fields only", async () => {
    const body = { message: '请检查', errors: { phone: '电话不对', page: '太长', other: 'x' } };
    const sent = await sendFrom('/next/business', Response.json(body, { status: 422 }));
    expect(sent.outcome).toEqual({
      kind: 'refused',
      message: '请检查',
      errors: { phone: '电话不对' },
    });
  });

  it('an answer that is not JSON is a refusal without a message', async () => {
    const sent = await sendFrom('/next/business', new Response('<html>', { status: 502 }));
    expect(sent.outcome).toEqual({ kind: 'refused', message: undefined, errors: {} });
  });

  it('no answer at all is unreachable', async () => {
    const sent = await sendFrom('/next/business', new TypeError('Failed to fetch'));
    expect(sent.outcome).toEqual({ kind: 'unreachable' });
  });
});
