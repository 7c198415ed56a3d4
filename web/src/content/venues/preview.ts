// The picture a page shows behind the live demo's "试一试" button (issue #14): one level of a
// venue drawn as a small SVG by the build, from the same data the viewer draws, so the page
// shows the real map without loading the viewer. Units are grouped by how they look, one path
// per group, in relative coordinates: a whole mall floor stays a few kilobytes.
import { createHash } from 'node:crypto';
import type { LevelData, Poly, VenueSummary } from './viewer-files';
import { unitRole } from './topology';

/** Width of the picture; its height follows the venue's shape. */
export const previewWidth = 960;

/** Fill colours of the groups, in drawing order (the site's palette, styles/site/base.css). */
const fills = {
  walkable: '#ffffff',
  shop: '#dbe7fb',
  amenity: '#fde8c8',
  connector: '#c7d2fe',
  parking: '#eef2f7',
  closed: '#e2e8f0',
} as const;

type Group = keyof typeof fills;

const amenityUnits = /^(restroom|mothersroom|firstaid|lounge|waitingroom)/;

function groupOf(category: string): Group {
  const role = unitRole(category);
  if (role !== 'destination') return role;
  if (category === 'parking') return 'parking';
  if (amenityUnits.test(category)) return 'amenity';
  return 'shop';
}

/** SVG path data of a polygon in decimetres, y pointing up as in the venue's frame. */
function pathData(poly: Poly, minX: number, maxY: number): string {
  return poly
    .map((ring) => {
      let out = '';
      let [px, py] = [0, 0];
      for (let index = 0; index < ring.length; index += 2) {
        const x = ring[index]! - minX;
        const y = maxY - ring[index + 1]!;
        out += index === 0 ? `M${x} ${y}` : `l${x - px} ${y - py}`;
        [px, py] = [x, y];
      }
      return `${out}z`;
    })
    .join('');
}

export interface LevelPreview {
  level: string;
  /** Where the build puts it: under assets/, with its content hash, so it is cached for good. */
  url: string;
  svg: string;
  width: number;
  height: number;
}

export function levelPreview(summary: VenueSummary, level: LevelData): LevelPreview {
  const [minX, minY, maxX, maxY] = summary.bounds;
  const margin = 40;
  const [x0, y0] = [minX - margin, minY - margin];
  const [spanX, spanY] = [maxX - minX + 2 * margin, maxY - minY + 2 * margin];
  const top = y0 + spanY;
  const groups = new Map<Group, string[]>();
  for (const unit of level.units) {
    const group = groupOf(unit.c);
    const list = groups.get(group) ?? [];
    list.push(pathData(unit.g, x0, top));
    groups.set(group, list);
  }
  const outline = level.outline.map((poly) => pathData(poly, x0, top)).join('');
  const layers = (Object.keys(fills) as Group[])
    .filter((group) => groups.has(group))
    .map((group) => `<path fill="${fills[group]}" d="${groups.get(group)!.join('')}"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${spanX} ${spanY}">` +
    `<path fill="#f8fafc" stroke="#94a3b8" stroke-width="6" d="${outline}"/>` +
    `<g stroke="#94a3b8" stroke-width="3" stroke-linejoin="round">${layers}</g></svg>`;
  const height = Math.round((previewWidth * spanY) / spanX);
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
  const url = `/next/assets/venues/${summary.id}-${level.short}-${hash}.svg`;
  return { level: level.short, url, svg, width: previewWidth, height };
}
