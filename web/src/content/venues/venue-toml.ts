// venue.toml: what the demo needs that IMDF has no place for (docs/venue-contract.md section 2.9):
// its shape, and the check that what it refers to exists (levels, kiosks, sample locations).
import { z } from 'zod';
import { featureIdPattern } from './imdf-schema';
import type { LocalShapes } from './local-shapes';
import { locationProblem } from './locations';
import { type VenueModel, zh } from './venue-model';

const text = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty');

/**
 * A Chinese plate: a province character, a letter, an optional `·`, `-` or space, then 5
 * letters/digits (6 for new-energy plates), as find-my-car accepts it (contract section 4.5).
 */
export const platePattern =
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z][·\- ]?[A-Z0-9]{5,6}$/;

export const venueTomlSchema = z
  .object({
    /** Position in the viewer's venue switcher, from 1. */
    order: z.number({ error: 'must be a number' }).int('must be a whole number').positive(),
    /** Short name of the level shown first. */
    default_level: text,
    /** One entry per kiosk feature. */
    kiosks: z
      .array(
        z
          .object({
            id: z
              .string({ error: 'must be a string' })
              .regex(featureIdPattern, 'must be the id of a kiosk feature'),
            /** Where a visitor standing at the screen looks, degrees clockwise from north. */
            facing: z
              .number({ error: 'must be a number' })
              .min(0, 'must be 0 to 359 degrees')
              .lt(360, 'must be 0 to 359 degrees'),
          })
          .strict(),
      )
      .default([]),
    /** Hints the viewer shows. */
    samples: z
      .object({
        /** Searches worth trying. */
        queries: z.array(text).min(1, 'must offer at least one search'),
        /** Plates worth trying in find-my-car. */
        plates: z.array(
          z
            .string({ error: 'must be a string' })
            .regex(platePattern, 'must be a Chinese plate such as "沪A·D2345"'),
        ),
        /** Locations (contract section 4.2) of the example route. */
        route_from: text,
        route_to: text,
        /** Where a visitor is when no start is chosen: an entrance. */
        start: text,
      })
      .strict(),
    /** The simulated visitors of the flow analytics (issue #17); none, no analytics. */
    flow: z
      .object({
        /** Visitors on a weekday. */
        visitors_per_day: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .positive(),
        /** Saturday's and Sunday's visitors against a weekday's. */
        weekend_factor: z.number({ error: 'must be a number' }).positive('must be above 0'),
        /** Relative arrivals in each hour, 0 to 23 (Beijing time). */
        arrivals: z
          .array(z.number({ error: 'must be a number' }).nonnegative('must not be negative'))
          .length(24, 'must give 24 hours')
          .refine((weights) => weights.some((w) => w > 0), 'must have some arrivals'),
        /** The median stay in one place, minutes. */
        dwell_minutes: z.number({ error: 'must be a number' }).positive('must be above 0'),
        /** The fewest and most places one visitor goes to. */
        stops: z
          .tuple([
            z.number({ error: 'must be a number' }).int('must be a whole number').positive(),
            z.number({ error: 'must be a number' }).int('must be a whole number').positive(),
          ])
          .refine(([fewest, most]) => fewest <= most, 'the fewest must not exceed the most'),
        /** The share of visitors who come by car and park in the venue's spaces. */
        drive_share: z
          .number({ error: 'must be a number' })
          .min(0, 'must be 0 to 1')
          .max(1, 'must be 0 to 1')
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type VenueToml = z.infer<typeof venueTomlSchema>;

/** What venue.toml refers to exists: the default level, every kiosk, the sample locations. */
export function checkVenueSettings(
  settings: VenueToml,
  model: VenueModel,
  shapes: LocalShapes | undefined,
  report: (field: string, message: string) => void,
) {
  const shorts = model.features.level.map((level) => zh(level.properties.short_name));
  if (!shorts.includes(settings.default_level)) {
    report(
      'default_level',
      `"${settings.default_level}" is not the short name of a level of this venue (${shorts.join(', ')})`,
    );
  }
  const listed = new Map<string, number>();
  settings.kiosks.forEach((entry, index) => {
    if (listed.has(entry.id)) {
      report(`kiosks[${index}].id`, `is listed twice (also kiosks[${listed.get(entry.id)}])`);
    }
    listed.set(entry.id, index);
    const feature = model.byId.get(entry.id);
    if (feature?.featureType !== 'kiosk') {
      report(
        `kiosks[${index}].id`,
        feature
          ? `names a ${feature.featureType}, not a kiosk`
          : `names no kiosk of kiosk.geojson (or one with problems of its own)`,
      );
    }
  });
  for (const kiosk of model.features.kiosk) {
    if (!listed.has(kiosk.id)) {
      report(
        'kiosks',
        `has no entry for kiosk ${kiosk.id} (${zh(kiosk.properties.name) ?? 'unnamed'}); add [[kiosks]] with its id and facing`,
      );
    }
  }
  for (const key of ['route_from', 'route_to', 'start'] as const) {
    const problem = locationProblem(model, shapes, settings.samples[key]);
    if (problem) report(`samples.${key}`, problem);
  }
}
