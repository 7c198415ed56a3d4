// The header's main menu (spec section 2, Header; section 3, menu entry). Hydrated as an island
// because the dropdowns react to hover and keyboard.
import { ChevronDown } from 'lucide-react';
import { NewWindowNote } from '../components/new-window-note';
import type { MenuChild, MenuEntry } from '../content/schema';
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

function MenuLink({
  name,
  path,
  tag,
  className,
  currentPath,
  labels,
}: {
  name: string;
  path: string;
  tag?: string | undefined;
  className: string;
  currentPath: string;
  labels: HeaderNavProps['labels'];
}) {
  const runtime = useRuntime();
  const { href } = resolveLink(path, runtime);
  // Menu items open in a new window (spec section 2, Header).
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener"
      aria-current={path === currentPath ? 'page' : undefined}
    >
      {name}
      {tag ? <span className="hot-tag">{labels.hotTag}</span> : null}
      <NewWindowNote text={labels.newWindow} />
    </a>
  );
}

function Dropdown({
  entry,
  currentPath,
  labels,
}: {
  entry: MenuEntry & { type: NonNullable<MenuEntry['type']> };
  currentPath: string;
  labels: HeaderNavProps['labels'];
}) {
  const { open, containerProps, buttonProps, panelProps } = useDisclosure();
  const groups = groupByLabel(entry.children ?? []);
  const current = entry.children?.some((child) => child.path === currentPath);
  return (
    <li
      className={`menu__item menu__item--dropdown${open ? ' is-open' : ''}${current ? ' is-current' : ''}`}
      {...containerProps}
    >
      <button className="menu__button" {...buttonProps}>
        {entry.name}
        {entry.tag ? <span className="hot-tag">{labels.hotTag}</span> : null}
        <ChevronDown className="menu__chevron" aria-hidden="true" size={16} />
      </button>
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
                    <MenuLink
                      name={child.name}
                      path={child.path}
                      tag={child.tag}
                      className="dropdown__link"
                      currentPath={currentPath}
                      labels={labels}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {entry.type === 'case' ? (
          <div className="dropdown__footer">
            <MenuLink
              name={labels.customise}
              path={labels.customisePath}
              className="button button--primary"
              currentPath={currentPath}
              labels={labels}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}

export function HeaderNav({ entries, currentPath, labels }: HeaderNavProps) {
  return (
    <nav className="menu" aria-label={labels.nav}>
      <ul className="menu__list">
        {entries.map((entry) =>
          entry.type ? (
            <Dropdown
              key={entry.name}
              entry={{ ...entry, type: entry.type }}
              currentPath={currentPath}
              labels={labels}
            />
          ) : (
            <li className="menu__item" key={entry.name}>
              <MenuLink
                name={entry.name}
                path={entry.path ?? ''}
                tag={entry.tag}
                className="menu__link"
                currentPath={currentPath}
                labels={labels}
              />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
