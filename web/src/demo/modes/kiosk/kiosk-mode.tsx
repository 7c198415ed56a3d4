// The guide screen (kiosk, issue #14): the map turned to the way the screen faces, a "you are
// here" marker, the venue's directory; a place chosen is routed from the screen, with a QR code
// that hands the same route over to a phone.
import { useMemo, useState } from 'react';
import type { KioskAnswer } from '../../api';
import type { VenueSummary } from '../../../content/venues/viewer-files';
import type { MapMarker } from '../../render/layers';
import { type ModeKit, useLatest } from '../kit';
import type { DemoTask } from '../open-mode';
import type { RouteMode } from '../route/route-mode';
import { HandoverCode, KioskPanel } from './kiosk-panel';

/** The guide screen a kiosk task stands for: the task's own, else the venue's first. */
export function kioskOf(task: DemoTask, summary: VenueSummary | null): string | undefined {
  return task.mode === 'kiosk' && summary ? task.kiosk || summary.kiosks[0]?.id : undefined;
}

export function useKioskMode(kit: ModeKit, route: RouteMode) {
  const { words, api, venue, summary, level, kiosk: id } = kit;
  const [directory, setDirectory] = useState<KioskAnswer | null>(null);
  const entry = id ? summary?.kiosks.find((kiosk) => kiosk.id === id) : undefined;

  const open = (kiosk: string) => {
    api
      .kiosk(venue, kiosk)
      .then(setDirectory, (error: unknown) => kit.fail(error, () => latest.current.open(kiosk)));
  };
  const latest = useLatest({ open });

  const markers = useMemo(
    (): MapMarker[] =>
      entry && entry.level === level
        ? [{ kind: 'here', x: entry.at[0], y: entry.at[1], text: words.you_are_here }]
        : [],
    [entry, level, words],
  );

  const { ends } = route;
  return {
    /** The screen's level (else `first`) and its directory. */
    begin: (first: string) => {
      void kit.show(entry?.level ?? first);
      if (id) open(id);
    },
    /** The way the screen faces, degrees: the map starts turned to it. */
    bearing: entry?.facing,
    markers,
    panel:
      route.route && ends && id ? (
        <>
          {route.back('kiosk')}
          {route.panel(
            <HandoverCode
              words={words}
              place={route.route.answer.to.name}
              src={api.handoverUrl(venue, ends.from, ends.to, route.accessible)}
            />,
          )}
        </>
      ) : directory ? (
        <KioskPanel
          words={words}
          kiosk={directory}
          onChoose={(choice) => id && route.plan(id, choice.id, { focusPanel: true })}
        />
      ) : (
        <p className="demo-status">{route.busy ? words.route_planning : words.loading}</p>
      ),
  };
}
