// Share images (Open Graph and Twitter cards, spec section 9: 1200x640): one PNG per page, drawn
// at build time from the page's heading and the brand, so a link shared in WeChat or on social
// media shows which page it leads to. SVG is laid out here and rasterised by resvg with Noto Sans
// SC from npm, so every machine draws the same pixels without system fonts.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import subsetFont from 'subset-font';
import { wrapText } from '../src/components/diagram-text';

export const shareImageSize = { width: 1200, height: 640 } as const;

const require = createRequire(import.meta.url);
const fullFonts = [
  require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
];

export interface ShareCard {
  /** The brand's wordmark, e.g. 寻境 Indora. */
  brand: string;
  /** What kind of page this is, e.g. 产品服务. */
  label: string;
  heading: string;
  /** One line under the heading. */
  summary: string;
  /** Bottom line, e.g. the hotline. */
  footer: string;
}

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Fits text into at most `maxLines` lines, ending the last with an ellipsis when cut. */
function lines(text: string, size: number, width: number, maxLines: number): string[] {
  const all = wrapText(text, size, width);
  if (all.length <= maxLines) return all;
  const kept = all.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, -1)}…`;
  return kept;
}

/** The decorative right half: an isometric floor with a route to a pin and a located dot. */
const floorArt = `
<g transform="translate(930 360)" opacity="0.95">
  <path d="M0 -190 L230 -57 L0 76 L-230 -57 Z" fill="#1d4ed8" opacity="0.35"/>
  <path d="M0 -170 L200 -55 L0 60 L-200 -55 Z" fill="#dbe7ff" opacity="0.16" stroke="#93b4ff" stroke-opacity="0.5"/>
  <path d="M-120 -101 L-40 -55 L-120 -9 L-200 -55 Z" fill="#93b4ff" opacity="0.28"/>
  <path d="M40 -147 L120 -101 L40 -55 L-40 -101 Z" fill="#93b4ff" opacity="0.22"/>
  <path d="M80 -9 L160 37 L80 83 L0 37 Z" fill="#93b4ff" opacity="0.2"/>
  <path d="M-130 -40 L-40 12 L60 -46 L120 -12" fill="none" stroke="#60a5fa" stroke-width="8"
        stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="2 16"/>
  <circle cx="-130" cy="-40" r="34" fill="#3b82f6" opacity="0.25"/>
  <circle cx="-130" cy="-40" r="13" fill="#3b82f6" stroke="#fff" stroke-width="5"/>
  <path d="M120 -12 c-22 -26 -28 -38 -28 -52 a28 28 0 0 1 56 0 c0 14 -6 26 -28 52z" fill="#f43f5e"/>
  <circle cx="120" cy="-64" r="10" fill="#fff"/>
</g>`;

export function shareCardSvg(card: ShareCard): string {
  const { width, height } = shareImageSize;
  const headingSize = 58;
  const heading = lines(card.heading, headingSize, 640, 3);
  const summary = lines(card.summary, 26, 640, 2);
  const headingTop = 250;
  const summaryTop = headingTop + heading.length * 74 + 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#0b1530"/><stop offset="0.55" stop-color="#13306e"/><stop offset="1" stop-color="#1a56db"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.8" cy="0.2" r="0.6">
    <stop offset="0" stop-color="#5b8cff" stop-opacity="0.45"/><stop offset="1" stop-color="#5b8cff" stop-opacity="0"/>
  </radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
${floorArt}
<g font-family="Noto Sans SC">
  <text x="72" y="104" font-size="34" font-weight="700" fill="#ffffff">${escape(card.brand)}</text>
  <rect x="72" y="146" width="${Math.ceil(card.label.length * 24 + 40)}" height="44" rx="22" fill="#ffffff" fill-opacity="0.14"/>
  <text x="92" y="176" font-size="24" font-weight="700" fill="#bfd3ff">${escape(card.label)}</text>
  ${heading
    .map(
      (line, index) =>
        `<text x="72" y="${headingTop + index * 74}" font-size="${headingSize}" font-weight="700" fill="#ffffff">${escape(line)}</text>`,
    )
    .join('\n  ')}
  ${summary
    .map(
      (line, index) =>
        `<text x="72" y="${summaryTop + index * 40}" font-size="26" fill="#c7d5f2">${escape(line)}</text>`,
    )
    .join('\n  ')}
  <text x="72" y="${height - 56}" font-size="24" fill="#a5b4cb">${escape(card.footer)}</text>
</g>
</svg>`;
}

export interface RenderedShareImage {
  png: Buffer;
  hash: string;
}

function render(card: ShareCard, fontFiles: string[]): RenderedShareImage {
  const svg = shareCardSvg(card);
  const png = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Noto Sans SC' },
    fitTo: { mode: 'original' },
  })
    .render()
    .asPng();
  return { png, hash: createHash('sha256').update(png).digest('hex').slice(0, 10) };
}

/**
 * Cards drawn earlier in this process, by their words: a card's picture depends on nothing
 * else, so editing mode (scripts/dev) draws only the cards an edit changed.
 */
const drawn = new Map<string, RenderedShareImage>();

/**
 * Draws every card. resvg reads its fonts from files on each render, and the full fonts are
 * 10 MB each, so the cards are drawn with the two fonts cut down to the characters they use.
 */
export async function renderShareImages(
  cards: readonly ShareCard[],
): Promise<RenderedShareImage[]> {
  const keys = cards.map((card) => JSON.stringify(card));
  const missing = cards.filter((_, index) => !drawn.has(keys[index]!));
  if (missing.length > 0) {
    const characters = [
      ...new Set(missing.flatMap((card) => [...Object.values(card).join(''), '…'])),
    ];
    const dir = mkdtempSync(join(tmpdir(), 'share-fonts-'));
    try {
      const fontFiles = await Promise.all(
        fullFonts.map(async (file, index) => {
          const subset = await subsetFont(readFileSync(file), characters.join(''), {
            targetFormat: 'truetype',
          });
          const path = join(dir, `font-${index}.ttf`);
          writeFileSync(path, subset);
          return path;
        }),
      );
      for (const card of missing) drawn.set(JSON.stringify(card), render(card, fontFiles));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return keys.map((key) => drawn.get(key)!);
}

/** One card with the full fonts (tests; the build draws them all at once). */
export function renderShareImage(card: ShareCard): RenderedShareImage {
  return render(card, fullFonts);
}
