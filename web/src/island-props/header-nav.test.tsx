// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../runtime/runtime';
import { IslandRoot } from '../islands/island-root';
import { HeaderNav, groupByLabel } from '../islands/header-nav';
import { repoContent } from '../content/repo-content';
import { headerNavLabels } from './header-nav-labels';

const content = repoContent();

const runtime: Runtime = {
  links: {
    console: 'https://console.test/',
    playground: 'https://play.test/',
    docs: 'https://docs.test/',
    sdk_h5: 'https://docs.test/h5',
    sdk_android: 'https://docs.test/android',
    sdk_ios: 'https://docs.test/ios',
    sdk_harmonyos: 'https://docs.test/harmonyos',
  },
  qr: { official_account: '/qr/a.svg', enterprise_wechat: '/qr/b.svg' },
};

function renderNav(currentPath = '/next/map') {
  return render(
    <IslandRoot name="header-nav" runtime={runtime}>
      <HeaderNav
        entries={content.menu.entry}
        currentPath={currentPath}
        labels={headerNavLabels(content.site)}
      />
    </IslandRoot>,
  );
}

function dropdown(name: string) {
  const button = screen.getByRole('button', { name });
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error(`${name} has no panel`);
  return { button, panel, item: button.closest('li') as HTMLElement };
}

describe('header menu (spec section 2 and 4)', () => {
  it('lists the spec menu in order', () => {
    renderNav();
    const nav = screen.getByRole('navigation', { name: content.site.header.nav_label });
    const top = [...nav.querySelectorAll(':scope > ul > li')].map(
      (li) => li.querySelector('a, button')?.childNodes[0]?.textContent,
    );
    expect(top).toEqual([
      '首页',
      '产品服务',
      '解决方案',
      '开发者支持',
      '在线开发体验',
      '新闻动态',
      '关于我们',
    ]);
  });

  it('groups product services into basic functions, featured products and smart hardware', () => {
    renderNav();
    const { panel } = dropdown('产品服务');
    const labels = [...panel.querySelectorAll('.dropdown__label')].map((l) => l.textContent);
    expect(labels).toEqual(['基础功能', '特色产品', '智能硬件']);
    const hardware = within(panel).getByRole('list', { name: '智能硬件', hidden: true });
    const links = within(hardware).getAllByRole('link', { hidden: true });
    // The overview first, then the ten devices.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/next/device',
      ...Array.from({ length: 10 }, (_, i) => `/next/device/${i + 1}`),
    ]);
  });

  it('groups developer support into H5, Android/iOS/HarmonyOS and tools with SDK links from config', () => {
    renderNav();
    const { panel } = dropdown('开发者支持');
    const labels = [...panel.querySelectorAll('.dropdown__label')].map((l) => l.textContent);
    expect(labels).toEqual(['H5', 'Android/iOS/HarmonyOS', '工具']);
    const android = within(panel).getByRole('link', { name: /Android SDK/, hidden: true });
    expect(android.getAttribute('href')).toBe('https://docs.test/android');
  });

  it('offers customisation at the bottom of solutions, leading to business', () => {
    renderNav();
    const { panel } = dropdown('解决方案');
    const button = within(panel).getByRole('link', {
      name: /找不到您的场景？申请定制/,
      hidden: true,
    });
    expect(button.getAttribute('href')).toBe('/next/business');
  });

  it('opens every menu link in a new window and says so to screen readers', () => {
    renderNav();
    const links = screen.getAllByRole('link', { hidden: true });
    expect(links.length).toBeGreaterThan(40);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
      expect(link.textContent).toContain(content.site.a11y.new_window);
    }
  });

  it('shows HOT tags on tagged entries', () => {
    renderNav();
    const { panel } = dropdown('产品服务');
    const map = within(panel).getByRole('link', { name: /地图服务/, hidden: true });
    expect(map.querySelector('.hot-tag')?.textContent).toBe('HOT');
    const route = within(panel).getByRole('link', { name: /路径规划/, hidden: true });
    expect(route.querySelector('.hot-tag')).toBeNull();
  });

  it('opens on hover and closes when the pointer leaves', () => {
    renderNav();
    const { button, panel, item } = dropdown('产品服务');
    expect(panel.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseEnter(item);
    expect(panel.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseLeave(item);
    expect(panel.hidden).toBe(true);
  });

  it('a pointer click on an entry hover opened keeps it open', () => {
    renderNav();
    const { button, panel, item } = dropdown('解决方案');
    fireEvent.mouseEnter(item);
    fireEvent.click(button, { detail: 1 });
    expect(panel.hidden).toBe(false);
  });

  it('toggles with Enter or Space (keyboard clicks) and closes with Escape, returning focus', () => {
    renderNav();
    const { button, panel } = dropdown('开发者支持');
    button.focus();
    fireEvent.click(button, { detail: 0 });
    expect(panel.hidden).toBe(false);
    const link = within(panel).getAllByRole('link')[0] as HTMLElement;
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button, { detail: 0 });
    fireEvent.click(button, { detail: 0 });
    expect(panel.hidden).toBe(true);
  });

  it('closes when keyboard focus moves out of the dropdown', () => {
    renderNav();
    const { button, panel, item } = dropdown('产品服务');
    fireEvent.click(button, { detail: 0 });
    expect(panel.hidden).toBe(false);
    // The native event: Testing Library's focusOut helper misnames it in jsdom.
    const outside = screen.getByRole('link', { name: /关于我们/ });
    act(() => {
      item.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: outside }));
    });
    expect(panel.hidden).toBe(true);
  });

  it('makes 在线开发体验 a link to the demo, with its dropdown behind a button of its own', () => {
    renderNav();
    const link = screen.getByRole('link', { name: /^在线开发体验/ });
    expect(link.getAttribute('href')).toBe('/next/demo');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain(content.site.a11y.new_window);
    const { button, panel, item } = dropdown('在线开发体验子菜单');
    expect(link.closest('li')).toBe(item);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseEnter(item);
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole('link', { name: /室内地图与导航演示/ })).toBeTruthy();
    fireEvent.mouseLeave(item);
    // The keyboard: the link is a link; Enter on the button opens, Escape closes onto the button.
    button.focus();
    fireEvent.click(button, { detail: 0 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const demo = within(panel).getAllByRole('link')[0] as HTMLElement;
    demo.focus();
    fireEvent.keyDown(demo, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('marks the demo page on its entry', () => {
    renderNav('/next/demo');
    const link = screen.getByRole('link', { name: /^在线开发体验/ });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.closest('li')?.classList.contains('is-current')).toBe(true);
  });

  it('marks the current page', () => {
    renderNav('/next/about');
    expect(screen.getByRole('link', { name: /关于我们/ }).getAttribute('aria-current')).toBe(
      'page',
    );
  });
});

describe('groupByLabel', () => {
  it('keeps first-appearance order of labels and items', () => {
    const groups = groupByLabel([
      { label: 'A', name: '1', path: '/next/map' },
      { label: 'B', name: '2', path: '/next/map' },
      { label: 'A', name: '3', path: '/next/map' },
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.name)])).toEqual([
      ['A', ['1', '3']],
      ['B', ['2']],
    ]);
  });
});
