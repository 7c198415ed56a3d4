// The small pieces every content schema is built from: non-empty text, bounded lists, links.
import { z } from 'zod';
import { externalLinkKeys } from './link-keys';

export const text = z.string().trim().min(1, 'must not be empty');

const wideCharacter =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * How wide a text sets, in Latin letters: a Chinese character or a full-width sign is as wide as
 * two. Labels drawn in a fixed space are limited in these units, so one limit fits both the
 * Chinese and the English edition (issue #35): 12 Chinese characters or 24 letters.
 */
export function displayWidth(value: string): number {
  let width = 0;
  for (const character of value) width += wideCharacter.test(character) ? 2 : 1;
  return width;
}

/** A label drawn in a fixed space: at most `width` letters wide (half as many Chinese characters). */
export const label = (width: number, what: string) =>
  z
    .string()
    .trim()
    .refine((value) => displayWidth(value) <= width, {
      message: `keep ${what} to ${width / 2} Chinese characters or ${width} letters`,
    });

/** `min` to `max` of `item`; the messages count them by `noun`: "give at least 3 features". */
export const listOf = <T extends z.ZodType>(item: T, min: number, max: number, noun: string) =>
  z.array(item).min(min, `give at least ${min} ${noun}`).max(max, `give at most ${max} ${noun}`);

/** `/next/...` on this site, `link:<key>` from config, or a full https:// address. */
export const linkPath = z
  .string()
  .refine(
    (value) =>
      value.startsWith('/next/') ||
      /^https:\/\/[^\s]+$/.test(value) ||
      (value.startsWith('link:') &&
        (externalLinkKeys as readonly string[]).includes(value.slice('link:'.length))),
    {
      message: `must be a /next/ address, https://..., or link:<key> with key one of ${externalLinkKeys.join(', ')}`,
    },
  );

export const hotTag = z.literal('HOT');

export const namedLink = z.object({ name: text, path: linkPath }).strict();

/** A closing box inviting the visitor to get in touch. */
export const callToAction = z.object({ title: text, text, button: text, path: linkPath }).strict();

export const legalNotice = z.object({ text, href: linkPath.optional() }).strict();

export const titledText = z.object({ title: text, text }).strict();

export type CallToAction = z.infer<typeof callToAction>;
