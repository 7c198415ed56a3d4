// The venues of the live demo as the loader hands them on (load-venues.ts builds them): the IMDF
// features after their shape was checked, and the loaded venues with their viewer data.
import type { LevelData, VenueSummary } from './viewer-files';
import type { ViewerWords } from './viewer-words';
import type { LauncherKey } from './words-toml';
import type { FeatureType, PropertiesOf } from './imdf-schema';
import type { Infrastructure } from './infrastructure-schema';
import type { LevelPreview } from './preview';
import type { VenueToml } from './venue-toml';

export type Position = readonly number[];

/** The GeoJSON geometries IMDF features carry (relationships may carry others; they are unused). */
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: readonly Position[] }
  | { type: 'Polygon'; coordinates: readonly (readonly Position[])[] }
  | { type: 'MultiPolygon'; coordinates: readonly (readonly (readonly Position[])[])[] };

/** One feature whose envelope, id, geometry and properties passed the shape checks. */
export interface ImdfFeature<T extends FeatureType = FeatureType> {
  id: string;
  featureType: T;
  geometry: Geometry | null;
  properties: PropertiesOf<T>;
  /** The file it came from, relative to the repository: content/venues/demo-mall/unit.geojson. */
  file: string;
}

export type FeaturesByType = { [T in FeatureType]: ImdfFeature<T>[] };

/** A category of categories.toml: its Chinese label and the words search also accepts. */
export interface VenueCategory {
  label: string;
  synonyms: string[];
}

/** A group of categories in a kiosk's directory (docs/venue-contract.md section 4.6). */
export interface CategoryGroup {
  label: string;
  categories: string[];
}

export interface LoadedVenue {
  /** The directory name, the venue id of URLs: "demo-mall". */
  id: string;
  settings: VenueToml;
  /** The IMDF files as parsed, written to dist/ without whitespace. */
  imdf: { manifest: unknown; files: Record<FeatureType, unknown> };
  /** The positioning devices (infrastructure.geojson), null for a venue without positioning. */
  infrastructure: Infrastructure | null;
  summary: VenueSummary;
  /** One per level, in ascending ordinal. */
  levels: LevelData[];
  /** A picture of each level for pages to show before the viewer loads (preview.ts). */
  previews: LevelPreview[];
}

export interface LoadedVenues {
  /** In the viewer's order (venue.toml `order`). */
  list: LoadedVenue[];
  categories: Record<string, VenueCategory>;
  groups: CategoryGroup[];
  words: {
    steps: Record<string, string>;
    api_errors: Record<string, string>;
    /** The button that loads the viewer on a page (islands/venue-demo.tsx). */
    launcher: Record<LauncherKey, string>;
    viewer: ViewerWords;
  };
}
