// The live positioning stream of one venue level, while the viewer shows it: an EventSource that
// reconnects by itself (sending Last-Event-ID, so the server sends the seconds it missed) and
// hands on the newest frame.
import { useEffect, useState } from 'react';
import { type LiveFrame, parseFrame } from './live-stream';

export type LiveStatus = 'connecting' | 'live' | 'failed';

export interface Live {
  frame: LiveFrame | null;
  status: LiveStatus;
}

/** Follows `url`; none while it is null. */
export function useLive(url: string | null): Live {
  // Kept with the address it came from: a new address starts again at "connecting".
  const [state, setState] = useState<Live & { url: string | null }>({
    url: null,
    frame: null,
    status: 'connecting',
  });
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url);
    source.addEventListener('positions', (event) => {
      const frame = parseFrame((event as MessageEvent<string>).data);
      if (frame) setState({ url, frame, status: 'live' });
    });
    source.onerror = () => {
      // CLOSED: the server refused (an error answer is not retried); else it retries.
      const status = source.readyState === EventSource.CLOSED ? 'failed' : 'connecting';
      setState((current) => ({ url, frame: current.url === url ? current.frame : null, status }));
    };
    return () => source.close();
  }, [url]);
  return state.url === url ? state : { frame: null, status: 'connecting' };
}
