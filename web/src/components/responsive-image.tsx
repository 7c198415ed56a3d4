// Every raster picture on the site goes through /_next/image (spec sections 7 and 9), with a
// srcset so each screen downloads only the width it shows, and width/height so the layout is
// reserved before the bytes arrive.
import type { LoadedImage } from '../content/types';
import { srcsetWidths } from './image-sizes';

export function imageUrl(image: LoadedImage, width: number): string {
  return `/_next/image?url=${encodeURIComponent(image.url)}&w=${width}&q=${image.quality}`;
}

export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: LoadedImage;
  /**
   * How wide the picture is laid out at every window width, as a `sizes` attribute (e.g.
   * "(min-width: 908px) 860px, calc(100vw - 48px)"); the srcset offers only the widths it implies.
   */
  sizes: string;
  /** The first picture a visitor sees (a hero): fetched first, never lazily. */
  priority?: boolean;
  className?: string;
}) {
  const widths = srcsetWidths(sizes, image.widths);
  const largest = widths[widths.length - 1] ?? image.width;
  return (
    <img
      className={className}
      src={imageUrl(image, largest)}
      srcSet={widths.map((width) => `${imageUrl(image, width)} ${width}w`).join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
