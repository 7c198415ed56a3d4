// The viewer's API client against a stand-in for the server's answers: a short wait the server
// asks for (503 with Retry-After, the cost model of issue #30) is sat out and the request made
// again; a long one is shown to the visitor at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi } from './api';

const busy = (seconds: number) =>
  Response.json(
    { error: { code: 'busy', field: null, message: `服务器正忙，请 ${seconds} 秒后再试` } },
    { status: 503, headers: { 'Retry-After': String(seconds) } },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createApi', () => {
  it('waits out a short Retry-After and asks again', async () => {
    const answers = [busy(1), Response.json({ venue: 'demo-mall' })];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    const calls: number[] = [];
    const api = createApi('/api/venues', (call) => calls.push(call.status));
    const started = Date.now();
    await expect(api.flow('demo-mall', 'L1')).resolves.toEqual({ venue: 'demo-mall' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(calls).toEqual([503, 200]);
  });

  it('shows a long wait at once, in the server’s words', async () => {
    const fetch = vi.fn(async () => busy(120));
    vi.stubGlobal('fetch', fetch);
    const api = createApi('/api/venues', () => {});
    const refused = api.track('demo-hospital', 'BLE-01');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
