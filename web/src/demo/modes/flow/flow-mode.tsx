// The viewer's flow analytics mode (issue #17), whole: it asks the server for the day picked and
// the level shown, falls back to yesterday before the venue opens, and hands back its panel and
// the heat map and the spaces taken to draw.
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { FlowAnswer } from '../../api';
import { type HeatLayer, type TakenSpaces, heatLayerOf } from '../../heat-map';
import type { ModeKit } from '../kit';
import { FlowPanel } from './flow-panel';

/** Days before today that may be picked (the server keeps seven). */
const PAST_DAYS = 7;
const BEIJING_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Beijing's dates from today back `PAST_DAYS` days, as the API writes them. */
export function recentDates(now: number): string[] {
  return [...Array(PAST_DAYS + 1).keys()].map((back) =>
    new Date(now + BEIJING_MS - back * DAY_MS).toISOString().slice(0, 10),
  );
}

export interface FlowMode {
  panel: ReactNode;
  map: { heat: HeatLayer | null; taken: TakenSpaces | null };
}

/** `active`: the mode is open (else nothing is asked for or drawn). */
export function useFlowMode(kit: ModeKit, active: boolean): FlowMode {
  const { words, api, venue, level, summary, fail } = kit;
  const origin = summary?.origin;
  const [date, setDate] = useState<string | null>(null);
  const [closed, setClosed] = useState(false);
  const [retries, setRetries] = useState(0);
  /** The car park's hour; the server's choice until one is picked. */
  const [at, setAt] = useState<number | undefined>(undefined);
  const [dates] = useState(() => recentDates(Date.now()));
  const asked = closed && date === null ? dates[1] : (date ?? undefined);
  // The last answer, kept with what it answered: a new question shows it until its own comes.
  const question = `${venue}|${level}|${asked ?? ''}|${at ?? ''}|${retries}`;
  const [got, setGot] = useState<{ question: string; answer: FlowAnswer } | null>(null);
  const answer = got?.answer ?? null;
  useEffect(() => {
    if (!active || !level) return;
    let current = true;
    api
      .flow(venue, level, asked, at)
      .then((day) => {
        if (!current) return;
        // Before the venue opens today has no one to show: yesterday has.
        if (asked === undefined && day.visitors === 0) setClosed(true);
        else setGot({ question, answer: day });
      })
      .catch((error: unknown) => current && fail(error, () => setRetries((n) => n + 1)));
    return () => {
      current = false;
    };
  }, [active, api, venue, level, asked, at, fail, question]);
  const loading = active && got?.question !== question;
  const heat = useMemo(
    () => (active && answer && origin ? heatLayerOf(answer.heat, origin) : null),
    [active, answer, origin],
  );
  const parking = active ? answer?.parking : null;
  const taken = useMemo(
    () => (parking ? { level: parking.level, ids: parking.taken } : null),
    [parking],
  );
  const panel = (
    <FlowPanel
      words={words}
      dates={dates}
      date={date}
      onDate={(picked) => {
        setDate(picked);
        setClosed(false);
        setAt(undefined);
      }}
      onParkingHour={setAt}
      answer={answer}
      loading={loading}
      closed={closed && date === null}
    />
  );
  return { panel, map: { heat, taken } };
}
