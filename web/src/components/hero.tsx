import type { LoadedImage } from '../content/types';
import { ResponsiveImage } from './responsive-image';

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
              sizes="(min-width: 1248px) 560px, (min-width: 900px) 45vw, 100vw"
              priority
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
