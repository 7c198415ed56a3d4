// Opening hours as visitors read them: OSM opening_hours ("Mo-Fr 08:00-17:00; Sa 09:00-12:00",
// the form venue files keep, docs/imdf.md section 2) put into the words of
// content/venues/words.toml ("周一至周五 08:00–17:00；周六 09:00–12:00"). Only the common subset
// is read: rules of days, day ranges, PH and SH, times, off/closed and 24/7. Anything else
// (months, week numbers, comments) is shown as written, because half a translation would say
// something the venue did not.
import { fill } from './fill';
import type { OpeningHoursWords } from './opening-hours-words';

const weekdays = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const holidays = ['PH', 'SH'] as const;
type Day = (typeof weekdays)[number] | (typeof holidays)[number];

const isWeekday = (token: string): token is (typeof weekdays)[number] =>
  (weekdays as readonly string[]).includes(token);
const isDay = (token: string): token is Day =>
  isWeekday(token) || (holidays as readonly string[]).includes(token);

const dayWord = (day: Day, words: OpeningHoursWords) => words[day.toLowerCase() as Lowercase<Day>];

/** A day selector such as "Mo-We,Fr,PH" in words, or undefined when it is not one. */
function readDays(selector: string, words: OpeningHoursWords): string | undefined {
  const covered = new Set<string>();
  const parts: string[] = [];
  for (const part of selector.split(',')) {
    const [from, to, ...rest] = part.split('-');
    if (!from || !isDay(from) || rest.length) return undefined;
    if (to === undefined) {
      covered.add(from);
      parts.push(dayWord(from, words));
      continue;
    }
    // A range runs over weekdays only, and may wrap past Sunday ("Sa-Mo").
    if (!isWeekday(from) || !isWeekday(to)) return undefined;
    const start = weekdays.indexOf(from);
    const length = ((weekdays.indexOf(to) - start + 7) % 7) + 1;
    for (let i = 0; i < length; i += 1) covered.add(weekdays[(start + i) % 7]!);
    // Two days side by side read as two days ("周六、周日"), not as a range.
    const ends = length === 1 ? [from] : [from, to];
    parts.push(
      length <= 2
        ? ends.map((day) => dayWord(day, words)).join(words.list_separator)
        : fill(words.day_range, { from: dayWord(from, words), to: dayWord(to, words) }),
    );
  }
  const everyDay = weekdays.every((day) => covered.has(day)) && covered.size === weekdays.length;
  return everyDay ? words.every_day : parts.join(words.list_separator);
}

/** Minutes since midnight of "HH:MM"; up to 24:00, or 48:00 where `extended` (an end time). */
function readTime(text: string, extended: boolean): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minutes > (extended ? 48 : 24) * 60) return undefined;
  return minutes;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** One time span ("12:00-02:00", "18:00+") in words, or undefined when it is not one. */
function readSpan(span: string, words: OpeningHoursWords): string | undefined {
  const openEnd = span.endsWith('+');
  const [fromText, toText, ...rest] = (openEnd ? span.slice(0, -1) : span).split('-');
  const from = fromText === undefined ? undefined : readTime(fromText, false);
  if (from === undefined || rest.length) return undefined;
  let text = clock(from);
  if (toText !== undefined) {
    const to = readTime(toText, true);
    if (to === undefined) return undefined;
    // An end at or before the start, or past 24:00, is on the next day.
    const nextDay = to > 24 * 60 || to <= from;
    const end = nextDay ? fill(words.next_day, { time: clock(to % (24 * 60)) }) : clock(to);
    text = fill(words.time_range, { from: text, to: end });
  } else if (!openEnd) {
    return undefined;
  }
  return openEnd ? fill(words.open_end, { time: text }) : text;
}

/** The times of a rule ("08:00-12:00,13:00-17:00", "off") in words. */
function readTimes(times: string, words: OpeningHoursWords): string | undefined {
  if (times === 'off' || times === 'closed') return words.closed;
  const spans = times.split(',').map((span) => readSpan(span, words));
  return spans.every((span) => span !== undefined) ? spans.join(words.list_separator) : undefined;
}

/** One rule ("Mo-Fr 08:00-17:00", "24/7", "PH off", "10:00-22:00", "Sa") in words. */
function readRule(rule: string, words: OpeningHoursWords): string | undefined {
  if (rule === '24/7') return words.always;
  const tokens = rule.split(/\s+/);
  if (tokens.length > 2) return undefined;
  const [first = '', second] = tokens;
  // Times alone hold every day; days alone are open all day.
  const timesOnly = second === undefined && /^\d/.test(first);
  const days = timesOnly ? words.every_day : readDays(first, words);
  const times = timesOnly
    ? readTimes(first, words)
    : second
      ? readTimes(second, words)
      : words.all_day;
  if (days === undefined || times === undefined) return undefined;
  return fill(words.rule, { days, times });
}

/** The hours in words, or undefined where any part of them is beyond the subset read here. */
export function readOpeningHours(hours: string, words: OpeningHoursWords): string | undefined {
  const rules = hours
    .trim()
    .split(';')
    .map((rule) => readRule(rule.trim(), words));
  return rules.every((rule) => rule !== undefined) ? rules.join(words.rule_separator) : undefined;
}

/** The hours in words where they can be read, else exactly as the venue wrote them. */
export function formatOpeningHours(hours: string, words: OpeningHoursWords): string {
  return readOpeningHours(hours, words) ?? hours;
}
