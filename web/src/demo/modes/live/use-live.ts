// The live positioning stream of one venue level, while the viewer shows it: an EventSource that
// reconnects by itself (sending Last-Event-ID, so the server sends the seconds it missed) and
// hands on the newest frame.
import { useEffect, useState } from 'react';
import { type LiveAlert, type LiveFrame, parseAlert, parseFrame } from '../../live-stream';

/** Alerts kept for the list, newest first. */
const KEPT_ALERTS = 8;

export type LiveStatus = 'connecting' | 'live' | 'failed';

export interface Live {
  frame: LiveFrame | null;
  status: LiveStatus;
  /** SOS presses and the drawn fence's events, newest first. */
  alerts: LiveAlert[];
}

/** Follows `url`; none while it is null. */
export function useLive(url: string | null): Live {
  // Kept with the address it came from: a new address starts again at "connecting".
  const [state, setState] = useState<Live & { url: string | null }>({
    url: null,
    frame: null,
    status: 'connecting',
    alerts: [],
  });
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url);
    source.addEventListener('positions', (event) => {
      const frame = parseFrame((event as MessageEvent<string>).data);
      if (!frame) return;
      setState((current) => ({
        url,
        frame,
        status: 'live',
        alerts: keep(frame.alerts, current.url === url ? current.alerts : []),
      }));
    });
    source.addEventListener('alert', (event) => {
      const alert = parseAlert((event as MessageEvent<string>).data);
      if (!alert) return;
      setState((current) =>
        current.url === url ? { ...current, alerts: keep([alert], current.alerts) } : current,
      );
    });
    source.onerror = () => {
      // CLOSED: the server refused (an error answer is not retried); else it retries.
      const status = source.readyState === EventSource.CLOSED ? 'failed' : 'connecting';
      setState((current) =>
        current.url === url ? { ...current, status } : { url, frame: null, status, alerts: [] },
      );
    };
    return () => source.close();
  }, [url]);
  return state.url === url ? state : { frame: null, status: 'connecting', alerts: [] };
}

const keep = (fresh: LiveAlert[], kept: LiveAlert[]) =>
  fresh.length ? [...fresh.slice().reverse(), ...kept].slice(0, KEPT_ALERTS) : kept;
