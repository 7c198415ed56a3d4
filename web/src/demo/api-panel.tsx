// "How this demo calls the API": the last request (method and URL) and its JSON answer, for the
// developers among the visitors. Long answers (a level file) are cut, with a note saying so.
import { useMemo, useState } from 'react';
import type { ApiCall } from './api';
import { cutText, jsonText } from './json-text';
import { fill } from '../format/fill';
import type { ViewerWords } from '../content/venues/viewer-words';

const budget = 4000;

function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

export function ApiPanel({ words, call }: { words: ViewerWords; call: ApiCall | null }) {
  // Written out only while open: a level's answer is large, and the first frame comes first.
  const [open, setOpen] = useState(false);
  const body = useMemo(() => {
    if (!call || !open) return null;
    const text = jsonText(call.body);
    return { ...cutText(text, budget), total: text.length };
  }, [call, open]);
  return (
    <details className="demo-api" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{words.api}</summary>
      {call && body ? (
        <div className="demo-api__body">
          <h3>{words.api_request}</h3>
          <p className="demo-api__request">
            <code>
              {call.method} {readableUrl(call.url)}
            </code>
          </p>
          <h3>
            {words.api_response}{' '}
            <span className="demo-api__status">
              {fill(words.api_status, { status: call.status })}
            </span>
          </h3>
          {/* A scrollable region: focusable so keyboard users can scroll it. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <pre className="demo-api__json" tabIndex={0}>
            {body.text}
          </pre>
          {body.cut ? (
            <p className="demo-api__note">
              {fill(words.api_cut, { shown: budget, total: body.total })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="demo-api__body">{words.api_empty}</p>
      )}
    </details>
  );
}
