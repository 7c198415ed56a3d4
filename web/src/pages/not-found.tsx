// The styled page answered with status 404 for any unknown address.
import type { SiteInfo } from '../content/schema';
import { useEdition } from '../components/edition';

export function NotFound({ site }: { site: SiteInfo }) {
  const text = site.not_found;
  const { marks, path } = useEdition();
  return (
    <section className="hero hero--plain not-found">
      <div className="hero__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="hero__title">{text.heading}</h1>
        <p className="hero__intro">{text.intro}</p>
        <p>
          <a className="button button--primary" href={path('/next/')}>
            {text.home}
          </a>
        </p>
        <h2 className="not-found__title">{text.suggestions_title}</h2>
        <ul className="not-found__links">
          {text.suggestions.map((link) => (
            <li key={link.path}>
              <a href={link.path}>{link.name}</a>
            </li>
          ))}
        </ul>
        <p className="not-found__hotline">
          {text.hotline_intro} <a href={`tel:${site.hotline.tel}`}>{site.hotline.display}</a>
          <span>
            {marks.open}
            {site.hotline.hours}
            {marks.close}
          </span>
        </p>
      </div>
    </section>
  );
}
