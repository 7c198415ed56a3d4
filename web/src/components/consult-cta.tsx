// The closing box of product, solution and hardware pages: an invitation to get in touch, with
// the consultation link and the hotline.
import type { CallToAction } from '../content/schema';
import type { Content } from '../content/types';
import { ContentLink } from './content-link';

export function ConsultCta({
  id,
  cta,
  content,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  cta: CallToAction;
  content: Content;
}) {
  return (
    <section className="cta" aria-labelledby={id}>
      <div className="cta__inner">
        <h2 id={id} className="cta__title">
          {cta.title}
        </h2>
        <p className="cta__text">{cta.text}</p>
        <p className="cta__actions">
          <span className="cta__button">
            <ContentLink path={cta.path} newWindowNote={content.site.a11y.new_window}>
              {cta.button}
            </ContentLink>
          </span>
          <a className="cta__phone" href={`tel:${content.site.hotline.tel}`}>
            {content.site.header.hotline_label} {content.site.hotline.display}
          </a>
        </p>
      </div>
    </section>
  );
}
