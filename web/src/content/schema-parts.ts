// The small pieces every content schema is built from: non-empty text, bounded lists, links.
import { z } from 'zod';
import { externalLinkKeys } from './link-keys';

export const text = z.string().trim().min(1, 'must not be empty');

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
