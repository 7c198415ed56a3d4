// Card grids: plain text cards (features, problems, steps) and cards that lead to another page.
import type { ReactNode } from 'react';
import type { LoadedImage } from '../content/types';
import { cardImageSizes, type GridWidth } from './card-grid';
import { ContentLink } from './content-link';
import { ResponsiveImage } from './responsive-image';
import { useEdition } from './edition';

function gridClass(width: GridWidth): string {
  return width === 'normal' ? 'card-grid' : `card-grid card-grid--${width}`;
}

/** A grid of cards with a heading and a paragraph each. */
export function TextCards({
  items,
  width = 'normal',
  numbered = false,
}: {
  items: readonly { title: string; text: string }[];
  width?: GridWidth;
  /** Steps of a process: an ordered list with the step number shown. */
  numbered?: boolean;
}) {
  const cards = items.map((item, index) => (
    <li className="card" key={item.title}>
      {numbered ? (
        <span className="card__step" aria-hidden="true">
          {String(index + 1).padStart(2, '0')}
        </span>
      ) : null}
      <h3 className="card__title">{item.title}</h3>
      <p className="card__text">{item.text}</p>
    </li>
  ));
  return numbered ? (
    <ol className={gridClass(width)}>{cards}</ol>
  ) : (
    <ul className={gridClass(width)}>{cards}</ul>
  );
}

export interface LinkCard {
  title: string;
  text: string;
  /** A content address: /next/..., link:<key> or https://... */
  path: string;
  image?: LoadedImage | undefined;
  /** Extra content under the text, e.g. a date. */
  extra?: ReactNode;
}

/**
 * Cards that each lead to a page. With `more`, the link's visible words are `more` and screen
 * readers also hear the card's title, so a list of "查看详情" links stays distinguishable;
 * without it, the title is the link and the whole card is its click target.
 */
export function LinkCards({
  items,
  more,
  newWindowNote,
  width = 'narrow',
}: {
  items: readonly LinkCard[];
  more?: string | undefined;
  newWindowNote: string;
  width?: GridWidth;
}) {
  const imageSizes = cardImageSizes(width, items.length);
  const { marks } = useEdition();
  return (
    <ul className={gridClass(width)}>
      {items.map((item) => (
        <li
          className={item.image ? 'card card--link card--media' : 'card card--link'}
          key={item.path}
        >
          {item.image ? (
            <ResponsiveImage className="card__image" image={item.image} sizes={imageSizes} />
          ) : null}
          <h3 className="card__title">
            {more ? (
              item.title
            ) : (
              <span className="card__stretched">
                <ContentLink path={item.path} newWindowNote={newWindowNote}>
                  {item.title}
                </ContentLink>
              </span>
            )}
          </h3>
          <p className="card__text">{item.text}</p>
          {item.extra}
          {more ? (
            <span className="card__more">
              <ContentLink path={item.path} newWindowNote={newWindowNote}>
                {more}
                <span className="sr-only">
                  {marks.colon}
                  {item.title}
                </span>
              </ContentLink>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Key figures: the value in large type, what it measures under it. */
export function FigureList({
  items,
  note,
}: {
  items: readonly { value: string; label: string }[];
  note?: string | undefined;
}) {
  return (
    <>
      <dl className="figures">
        {items.map((item) => (
          <div className="figures__item" key={item.label}>
            <dt className="figures__label">{item.label}</dt>
            <dd className="figures__value">{item.value}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="figures__note">{note}</p> : null}
    </>
  );
}
