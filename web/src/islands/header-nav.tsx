// The header's main menu (spec section 2, Header; section 3, menu entry). Hydrated as an island
// because the dropdowns react to hover and keyboard.
import { ChevronDown } from 'lucide-react';
import { NewWindowNote } from '../components/new-window-note';
import type { MenuChild, MenuEntry } from '../content/schema';
import { fill } from '../format/fill';
import { resolveLink, useRuntime } from '../runtime/runtime';
import { useDisclosure } from './use-disclosure';

export interface HeaderNavProps {
  entries: MenuEntry[];
  currentPath: string;
  labels: {
    nav: string;
    hotTag: string;
    newWindow: string;
    customise: string;
    customisePath: string;
    /** The name of the button that opens the dropdown of an entry that is a link itself. */
    submenu: string;
  };
}

/** Children in groups by label, groups in the order their label first appears. */
export function groupByLabel(children: MenuChild[]): { label: string; items: MenuChild[] }[] {
  const groups = new Map<string, MenuChild[]>();
  for (const child of children) {
    const group = groups.get(child.label);
    if (group) group.push(child);
    else groups.set(child.label, [child]);
  }
  return [...groups].map(([label, items]) => ({ label, items }));
}

/** What every link of the menu needs besides itself: the page it is on, and the menu's words. */
interface MenuContext {
  currentPath: string;
  labels: HeaderNavProps['labels'];
}

function MenuLink({
  item,
  className,
  menu,
}: {
  item: { name: string; path: string; tag?: string | undefined };
  className: string;
  menu: MenuContext;
}) {
  const runtime = useRuntime();
  const { href } = resolveLink(item.path, runtime);
  // Menu items open in a new window (spec section 2, Header).
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener"
      aria-current={item.path === menu.currentPath ? 'page' : undefined}
    >
      {item.name}
      {item.tag ? <span className="hot-tag">{menu.labels.hotTag}</span> : null}
      <NewWindowNote text={menu.labels.newWindow} />
    </a>
  );
}

function Dropdown({
  entry,
  menu,
}: {
  entry: MenuEntry & { type: NonNullable<MenuEntry['type']> };
  menu: MenuContext;
}) {
  const { open, containerProps, buttonProps, panelProps } = useDisclosure();
  const { labels } = menu;
  const groups = groupByLabel(entry.children ?? []);
  const current = entry.children?.some((child) => child.path === menu.currentPath);
  const chevron = <ChevronDown className="menu__chevron" aria-hidden="true" size={16} />;
  // An entry with a page of its own (在线开发体验) is a link like the entries without a
  // dropdown, with its dropdown behind a button of its own beside it: one control cannot both
  // follow a link and open a dropdown from the keyboard.
  const ownPage = entry.path;
  return (
    <li
      className={`menu__item menu__item--dropdown${ownPage !== undefined ? ' menu__item--split' : ''}${open ? ' is-open' : ''}${current ? ' is-current' : ''}`}
      {...containerProps}
    >
      {ownPage !== undefined ? (
        <>
          <MenuLink item={{ ...entry, path: ownPage }} className="menu__link" menu={menu} />
          <button
            className="menu__button"
            aria-label={fill(labels.submenu, { name: entry.name })}
            {...buttonProps}
          >
            {chevron}
          </button>
        </>
      ) : (
        <button className="menu__button" {...buttonProps}>
          {entry.name}
          {entry.tag ? <span className="hot-tag">{labels.hotTag}</span> : null}
          {chevron}
        </button>
      )}
      <div className={`dropdown dropdown--${entry.type}`} {...panelProps}>
        <div className="dropdown__groups">
          {groups.map((group, index) => (
            <div className="dropdown__group" key={group.label}>
              <p className="dropdown__label" id={`${panelProps.id}-group-${index}`}>
                {group.label}
              </p>
              <ul className="dropdown__list" aria-labelledby={`${panelProps.id}-group-${index}`}>
                {group.items.map((child) => (
                  <li key={child.path + child.name}>
                    <MenuLink item={child} className="dropdown__link" menu={menu} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {entry.type === 'case' ? (
          <div className="dropdown__footer">
            <MenuLink
              item={{ name: labels.customise, path: labels.customisePath }}
              className="button button--primary"
              menu={menu}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}

export function HeaderNav({ entries, currentPath, labels }: HeaderNavProps) {
  const menu = { currentPath, labels };
  return (
    <nav className="menu" aria-label={labels.nav}>
      <ul className="menu__list">
        {entries.map((entry) =>
          entry.type ? (
            <Dropdown key={entry.name} entry={{ ...entry, type: entry.type }} menu={menu} />
          ) : (
            <li className="menu__item" key={entry.name}>
              <MenuLink
                item={{ ...entry, path: entry.path ?? '' }}
                className="menu__link"
                menu={menu}
              />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
