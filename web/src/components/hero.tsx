import type { LoadedImage } from '../content/types';
import { ResponsiveImage } from './responsive-image';

/**
 * Two columns of `.hero__inner--media` (content at most 1200 px with 24 px padding, a 48 px gap)
 * from 900 px on, one column below, with 20 px padding from 720 px down.
 */
const heroImageSizes =
  '(min-width: 1200px) 552px, (min-width: 900px) calc(50vw - 48px), (min-width: 721px) calc(100vw - 48px), calc(100vw - 40px)';

/** The top of every page: its one h1, the paragraph under it, and its picture when it has one. */
export function Hero({
  heading,
  intro,
  image,
}: {
  heading: string;
  intro: string;
  image?: LoadedImage | undefined;
}) {
  return (
    <section className="hero">
      <div className={image ? 'hero__inner hero__inner--media' : 'hero__inner'}>
        <div className="hero__text">
          <h1 className="hero__title">{heading}</h1>
          <p className="hero__intro">{intro}</p>
        </div>
        {image ? (
          <div className="hero__media">
            <ResponsiveImage
              className="hero__image"
              image={image}
              sizes={heroImageSizes}
              priority
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
