// content/venues/categories.toml: the Chinese label and search synonyms of every IMDF category
// the venues use, and the groups of a kiosk's directory (docs/venue-contract.md sections 3.1 and
// 4.6).
import { z } from 'zod';
import { occupantCategoryPattern } from './imdf-categories';
import type { ImdfFeature } from './types';
import type { VenueModel } from './venue-model';

const text = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty');

export const categoriesTomlSchema = z
  .object({
    /** [categories."<imdf category>"]: label shown for the category, and words search accepts. */
    categories: z.record(
      z
        .string()
        .regex(
          occupantCategoryPattern,
          'must be an IMDF category: lowercase letters and digits, dotted (e.g. "restroom.female")',
        ),
      z.object({ label: text, synonyms: z.array(text).default([]) }).strict(),
    ),
    /** [[groups]]: a heading of the kiosk directory and the categories listed under it. */
    groups: z
      .array(
        z
          .object({ label: text, categories: z.array(text).min(1, 'must list a category') })
          .strict(),
      )
      .default([]),
  })
  .strict();

export type CategoriesToml = z.infer<typeof categoriesTomlSchema>;

/**
 * The entry of a category: its own, else that of its longest dotted prefix
 * (`restroom.female.wheelchair` -> `restroom.female` -> `restroom`), as the server looks it up.
 */
export function categoryEntry<T>(
  categories: Record<string, T>,
  category: string,
): { key: string; entry: T } | undefined {
  let key = category;
  for (;;) {
    if (Object.hasOwn(categories, key)) return { key, entry: categories[key]! };
    const dot = key.lastIndexOf('.');
    if (dot < 0) return undefined;
    key = key.slice(0, dot);
  }
}

/** Feature types whose categories visitors see (names on the map, search, the directory). */
const labelledTypes = [
  'venue',
  'unit',
  'opening',
  'amenity',
  'occupant',
  'fixture',
  'section',
] as const;

/**
 * Every category the venue uses has an entry in categories.toml, exact or by prefix (contract
 * section 3.1). Returns the venue's labels, category -> Chinese label. A missing category is
 * reported once, on the first feature using it, with how many use it.
 */
export function checkCategoryEntries(
  model: VenueModel,
  categories: CategoriesToml['categories'],
): Record<string, string> {
  const users = new Map<string, ImdfFeature[]>();
  for (const type of labelledTypes) {
    for (const feature of model.features[type]) {
      const category = (feature.properties as { category: string }).category;
      const list = users.get(category) ?? [];
      list.push(feature);
      users.set(category, list);
    }
  }
  const labels: Record<string, string> = {};
  for (const [category, features] of [...users].sort(([a], [b]) => a.localeCompare(b))) {
    const found = categoryEntry(categories, category);
    if (found) {
      labels[category] = found.entry.label;
      continue;
    }
    const others = features.length - 1;
    model.report(
      features[0]!,
      'properties.category',
      `"${category}" has no entry in content/venues/categories.toml${others > 0 ? ` (nor has it for ${others} other features using it)` : ''}; add [categories."${category.split('.')[0]}"] (or the full category) with its Chinese label`,
    );
  }
  return labels;
}
