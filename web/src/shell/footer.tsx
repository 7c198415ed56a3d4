// The page footer (spec section 2, Footer): link columns, hotline, the official-account QR code
// (not on the China site), copyright and the filing notices of the visitor's site variant.
import { ContentLink } from '../components/content-link';
import { HotlineContact } from '../components/hotline-contact';
import type { Footer as FooterContent, SiteInfo } from '../content/schema';
import { useRuntime } from '../runtime/runtime';
import type { Region } from '../content/variant';

export function Footer({
  site,
  footer,
  region,
}: {
  site: SiteInfo;
  footer: FooterContent;
  region: Region;
}) {
  const runtime = useRuntime();
  const { hotline, copyright, a11y } = site;
  const notices = footer.legal[region].notices;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav className="footer-columns" aria-label={footer.nav_label}>
          {footer.column.map((column) => (
            <div className="footer-column" key={column.title}>
              <h2 className="footer-column__title">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.path + link.name}>
                    <ContentLink path={link.path} newWindowNote={a11y.new_window}>
                      {link.name}
                    </ContentLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="footer-contact">
          <h2 className="footer-column__title">{footer.hotline_title}</h2>
          <HotlineContact hotline={hotline} block="footer-contact" />
          {region === 'international' ? (
            <figure className="footer-qr">
              <img
                src={runtime.qr.official_account}
                width={104}
                height={104}
                alt={`${footer.official_account_title}${a11y.qr_alt_suffix}`}
                loading="lazy"
                decoding="async"
              />
              <figcaption>{footer.official_account_caption}</figcaption>
            </figure>
          ) : null}
        </div>
      </div>
      <div className="site-footer__legal">
        <p>
          © {copyright.start_year}-{copyright.end_year} {copyright.holder} {copyright.text}
        </p>
        <ul className="legal-notices">
          {notices.map((notice) => (
            <li key={notice.text}>
              {notice.href ? (
                <ContentLink path={notice.href} newWindowNote={a11y.new_window}>
                  {notice.text}
                </ContentLink>
              ) : (
                notice.text
              )}
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
