// The live demo's launcher props (issue #14), built from content for a page: which venues the
// viewer offers, the task it opens on, its words, and the picture of the first level.
import type { DemoTaskContent } from '../content/schema';
import type { Content } from '../content/types';
import type { VenueDemoProps } from '../islands/venue-demo';
import { fill } from '../format/fill';
import { namesIn, venueNameIn } from '../content/venues/names';

export function venueDemoProps(
  content: Content,
  task: DemoTaskContent,
  layout: VenueDemoProps['layout'],
  options: { readsAddress?: boolean; uploadPath?: string; firstFrame?: boolean } = {},
): VenueDemoProps {
  const { list, words } = content.venues;
  const venue = list.find((entry) => entry.id === task.venue);
  const level = venue?.summary.levels.find(
    (entry) => entry.short === (task.level ?? venue.summary.defaultLevel),
  );
  const preview = venue?.previews.find((entry) => entry.level === level?.short);
  const { launcher } = words;
  return {
    task,
    layout,
    venues: list.map((entry) => ({
      id: entry.summary.id,
      name: venueNameIn(entry, content.language),
      defaultLevel: entry.summary.defaultLevel,
    })),
    words: {
      start: layout === 'kiosk' ? launcher.kiosk_start : launcher.start,
      hint: launcher.hint,
      loading: launcher.loading,
      failed: launcher.failed,
      retry: launcher.retry,
    },
    viewerWords: words.viewer,
    // A page that brings its first frame starts the viewer at once: no picture to fetch first.
    preview:
      venue && level && preview && !options.firstFrame
        ? {
            src: preview.url,
            width: preview.width,
            height: preview.height,
            alt: fill(launcher.preview_alt, {
              venue: venueNameIn(venue, content.language),
              level: namesIn(venue, content.language)(level.id, level.name),
            }),
          }
        : null,
    readsAddress: options.readsAddress ?? false,
    ...(options.firstFrame ? { starting: true } : {}),
    ...(options.uploadPath
      ? { building: { uploadPath: options.uploadPath, uploadAgain: words.upload.upload_again } }
      : {}),
  };
}
