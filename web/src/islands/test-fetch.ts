// For the islands' tests: a fetch that answers every call with one status and JSON body,
// recording the requests (the real server is driven by the e2e specs), and the clean-up after
// each test of a file that stubs it.
import { afterEach, vi } from 'vitest';

/** After each test of the file: the stubs and mocks undone, the document emptied. */
export function cleanUpAfterEach() {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });
}

export function answerEveryFetch(status: number, body?: unknown) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
