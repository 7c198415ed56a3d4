// What the viewer tells the visitor besides its panels: the alert of a request that failed (the
// API's own message, or a network error with a retry), and what screen readers are told as it
// happens (a route planned, a step of the navigation, a level changed).
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../api';
import type { ViewerWords } from '../../content/venues/viewer-words';
import { Button } from './button';
import { pagePunctuation } from '../../runtime/page-language';

export function useMessages(words: ViewerWords) {
  const [alert, setAlert] = useState<{ message: string; retry?: () => void } | null>(null);
  const [spoken, setSpoken] = useState('');
  // Stable: the flow mode asks again when it changes.
  const fail = useCallback(
    (error: unknown, retry: () => void) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError) setAlert({ message: error.message });
      else
        setAlert({
          message: words.network_error,
          retry: () => {
            setAlert(null);
            retry();
          },
        });
    },
    [words],
  );

  // What is said in the same moment (a level change and the step after it) is said together; the
  // region is cleared first so the same words said twice are announced twice.
  const queue = useRef<string[]>([]);
  const announce = (text: string) => {
    queue.current.push(text);
    if (queue.current.length > 1) return;
    setSpoken('');
    requestAnimationFrame(() => {
      setSpoken(queue.current.join(pagePunctuation().clauses));
      queue.current = [];
    });
  };

  return {
    /** For the modes (the kit). */
    tell: { fail, quiet: () => setAlert(null), announce },
    alert: (
      <div className="demo-alert" role="alert">
        {alert ? (
          <>
            <p>{alert.message}</p>
            {alert.retry ? <Button onClick={alert.retry}>{words.retry}</Button> : null}
          </>
        ) : null}
      </div>
    ),
    spoken: (
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
    ),
  };
}
