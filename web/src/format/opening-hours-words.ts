// The words opening hours are read with: the [viewer.hours] table of content/venues/words.toml.
// Apart from the formatter so that zod stays in the build, never in the viewer's bundle.
import { z } from 'zod';

const phrase = z.string().trim().min(1);
/** A separator keeps its spaces: English lists are joined with ", ", Chinese ones with "、". */
const separator = z.string().refine((text) => text.trim() !== '', 'must not be empty');

export const openingHoursWordsSchema = z
  .object({
    // The days by their OSM names: Mo-Su, PH (public holidays), SH (school holidays).
    mo: phrase,
    tu: phrase,
    we: phrase,
    th: phrase,
    fr: phrase,
    sa: phrase,
    su: phrase,
    ph: phrase,
    sh: phrase,
    every_day: phrase,
    all_day: phrase,
    always: phrase,
    closed: phrase,
    day_range: phrase,
    time_range: phrase,
    next_day: phrase,
    open_end: phrase,
    rule: phrase,
    list_separator: separator,
    rule_separator: separator,
  })
  .strict();

export type OpeningHoursWords = z.infer<typeof openingHoursWordsSchema>;
