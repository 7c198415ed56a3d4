import type { SiteInfo } from '../content/schema';

/**
 * The hotline number as a tel: link, then its hours and charge note: in the footer and in the
 * consultation dialog. `block` is the class prefix of the place it stands in.
 */
export function HotlineContact({
  hotline,
  block,
}: {
  hotline: SiteInfo['hotline'];
  block: string;
}) {
  return (
    <>
      <a className={`${block}__phone`} href={`tel:${hotline.tel}`}>
        {hotline.display}
      </a>
      <p className={`${block}__hours`}>
        <span>{hotline.hours}</span> <span>{hotline.charge}</span>
      </p>
    </>
  );
}
