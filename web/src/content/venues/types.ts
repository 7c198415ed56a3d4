// The venues of the live demo as the loader hands them on (load-venues.ts builds them from the
// venues the check passed): each with its settings, files and viewer data.
import type { LevelData, VenueSummary } from './viewer-files';
import type { ViewerWords } from './viewer-words';
import type { LauncherKey, UploadWords } from './words-toml';
import type {
  CategoryGroup,
  FeatureType,
  Infrastructure,
  VenueCategory,
  VenueToml,
} from './imdf-types';
import type { LevelPreview } from './preview';
import type { EditorChoices } from './venue-files';

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
  /** The summary and levels in English (the API answers them to English requests). */
  english: { summary: VenueSummary; levels: LevelData[] };
}

export interface LoadedVenues {
  /** In the viewer's order (venue.toml `order`). */
  list: LoadedVenue[];
  categories: Record<string, VenueCategory>;
  groups: CategoryGroup[];
  /** What the online editor offers a visitor's building (categories.toml `[editor]`). */
  editor: EditorChoices;
  words: {
    steps: Record<string, string>;
    api_errors: Record<string, string>;
    /** Why a request's body could not be read: the server's `{reason}`s. */
    api_reasons: Record<string, string>;
    /** The button that loads the viewer on a page (islands/venue-demo.tsx). */
    launcher: Record<LauncherKey, string>;
    /** The form for a visitor's own building (islands/building-upload.tsx). */
    upload: UploadWords;
    viewer: ViewerWords;
  };
}
