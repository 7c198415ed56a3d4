// Deployment values (console and SDK addresses, QR image paths) are not known at build time.
// Pre-rendered HTML carries `%%SITE:<key>%%` placeholders that the server fills in at start
// (server/src/site/placeholders.rs); hydrated islands read the same values from the JSON the
// server writes into #site-runtime, so server HTML and client render agree.
import { createContext, useContext } from 'react';
import { type ExternalLinkKey, externalLinkKeys } from '../content/link-keys';

export type QrKey = 'official_account' | 'enterprise_wechat';

export interface Runtime {
  links: Record<ExternalLinkKey, string>;
  qr: Record<QrKey, string>;
}

export const runtimeScriptId = 'site-runtime';

/** Filled by the server with the runtime JSON. */
export const runtimePlaceholder = '%%SITE:runtime%%';

const placeholder = (key: string) => `%%SITE:${key}%%`;

/** What the build renders with: placeholders the server replaces. */
export const placeholderRuntime: Runtime = {
  links: Object.fromEntries(
    externalLinkKeys.map((key) => [key, placeholder(`link.${key}`)]),
  ) as Record<ExternalLinkKey, string>,
  qr: {
    official_account: placeholder('qr.official_account'),
    enterprise_wechat: placeholder('qr.enterprise_wechat'),
  },
};

export const RuntimeContext = createContext<Runtime>(placeholderRuntime);

export function useRuntime(): Runtime {
  return useContext(RuntimeContext);
}

/** Reads the values the server wrote into the page (browser only). */
export function readRuntime(doc: Document): Runtime {
  const text = doc.getElementById(runtimeScriptId)?.textContent;
  if (!text) throw new Error(`#${runtimeScriptId} is missing; islands cannot hydrate`);
  return JSON.parse(text) as Runtime;
}

export interface ResolvedLink {
  href: string;
  /** Leaves this site: opens with rel="noopener". */
  external: boolean;
}

/** Turns a content path (`/next/...`, `link:<key>`, `https://...`) into an href. */
export function resolveLink(path: string, runtime: Runtime): ResolvedLink {
  if (path.startsWith('link:')) {
    return { href: runtime.links[path.slice('link:'.length) as ExternalLinkKey], external: true };
  }
  return { href: path, external: /^https?:/.test(path) };
}
