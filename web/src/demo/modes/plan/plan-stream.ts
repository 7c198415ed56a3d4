// A device plan's stream (`GET /api/venues/{venue}/plan`, issue #33, or `POST` with a changed
// layout to measure), read with fetch rather than
// EventSource: a refusal keeps its status and message, and a finished stream is not reopened
// (EventSource would ask for the plan again). Aborting the fetch closes the stream, which
// cancels the plan on the server.
import type { PlanAnswer, PlanFailed, PlanProgress, PlanQueued } from '../../api-answers';
import { ApiError, NetworkError } from '../../api';
import { withPageLanguage } from '../../../runtime/page-language';

export type PlanUpdate =
  | { kind: 'queued'; data: PlanQueued }
  | { kind: 'progress'; data: PlanProgress }
  | { kind: 'plan'; data: PlanAnswer }
  | { kind: 'error'; data: PlanFailed };

const kinds = ['queued', 'progress', 'plan', 'error'] as const;

/** The event of one block (`event:` and `data:` lines), or null for comments and `retry:`. */
export function parseBlock(block: string): PlanUpdate | null {
  let name: string | null = null;
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) name = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  const kind = kinds.find((k) => k === name);
  if (!kind || !data) return null;
  try {
    return { kind, data: JSON.parse(data) } as PlanUpdate;
  } catch {
    return null;
  }
}

/** Reads the plan at `url` (posting `layout`, a LayoutRequest, when given), handing on each
 * update; resolves when the stream ends. */
export async function streamPlan(
  url: string,
  onUpdate: (update: PlanUpdate) => void,
  signal: AbortSignal,
  layout?: string,
): Promise<void> {
  let response: Response;
  try {
    const posted = layout
      ? { method: 'POST', body: layout, headers: { 'Content-Type': 'application/json' } }
      : {};
    response = await fetch(url, {
      ...posted,
      headers: withPageLanguage({ Accept: 'text/event-stream', ...posted.headers }),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(String(error));
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string; field?: string };
    } | null;
    throw new ApiError(
      body?.error?.message ?? String(response.status),
      response.status,
      body?.error?.field ?? null,
    );
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += value;
    let end = text.indexOf('\n\n');
    while (end >= 0) {
      const update = parseBlock(text.slice(0, end));
      text = text.slice(end + 2);
      if (update) onUpdate(update);
      end = text.indexOf('\n\n');
    }
  }
}
