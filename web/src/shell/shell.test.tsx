// @vitest-environment jsdom
// The static parts of the shell (spec section 2: header, footer; section 4: variants), rendered
// by React as the prerender does, with the real island renderer.
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Island, IslandRendererContext } from './island';
import { repoContent } from '../content/repo-content';
import { renderIsland } from '../islands/render';
import { textsOf } from '../testing/test-texts';
import type { PageVariant } from '../content/variant';
import { Header } from './header';
import { Layout } from './layout';

const content = repoContent();

function renderWithIslands(children: ReactNode) {
  return render(<IslandRendererContext value={renderIsland}>{children}</IslandRendererContext>);
}

function renderLayout(variant: PageVariant, path = '/next/map') {
  return renderWithIslands(
    <Layout variant={variant} path={path} content={content}>
      <h1>页面</h1>
    </Layout>,
  );
}

describe('header', () => {
  it('offers business consultation, the hotline as a tel: link and the console in a new window', () => {
    renderWithIslands(
      <Header
        site={content.site}
        menu={content.menu}
        path="/next/map"
        language="zh"
        twin={undefined}
      />,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: '商务咨询' }).getAttribute('href')).toBe(
      '/next/business',
    );
    const hotline = within(banner).getByRole('link', { name: /4000-999-023/ });
    expect(hotline.getAttribute('href')).toBe('tel:4000999023');
    const console = within(banner).getByRole('link', { name: /控制台/ });
    expect(console.getAttribute('href')).toBe('%%SITE:link.console%%');
    expect(console.getAttribute('target')).toBe('_blank');
    expect(console.getAttribute('rel')).toBe('noopener');
  });

  it("links the page's English twin, named and marked in English, on desktop and phone", () => {
    const twin = { hreflang: 'en', language: 'en' as const, path: '/next/en/map' };
    for (const variant of ['desktop-international', 'mobile'] as const) {
      const { unmount } = renderWithIslands(
        <Layout variant={variant} path="/next/map" content={content} twin={twin}>
          <h1>页面</h1>
        </Layout>,
      );
      const link = screen.getByRole('link', { name: 'English' });
      expect(link.getAttribute('href')).toBe('/next/en/map');
      expect(link.getAttribute('hreflang')).toBe('en');
      expect(link.getAttribute('lang')).toBe('en');
      unmount();
    }
    // A page without a twin (the 404 page) has no switch.
    const { unmount } = renderLayout('desktop-international');
    expect(screen.queryByRole('link', { name: 'English' })).toBeNull();
    unmount();
  });

  it('uses the alternate style on the notice and HarmonyNext paths only', () => {
    const styleOf = (path: string) => {
      const { container, unmount } = renderWithIslands(
        <Header
          site={content.site}
          menu={content.menu}
          path={path}
          language="zh"
          twin={undefined}
        />,
      );
      const alternate = container.querySelector('header')?.classList.contains('site-header--light');
      unmount();
      return alternate;
    };
    expect(styleOf('/next/notice')).toBe(true);
    expect(styleOf('/next/notice/2025-indoor-positioning')).toBe(true);
    expect(styleOf('/next/cums/HarmonyNext')).toBe(true);
    expect(styleOf('/next/map')).toBe(false);
    expect(styleOf('/next/')).toBe(false);
  });
});

describe('footer', () => {
  it('has the spec columns, hotline hours and copyright years', () => {
    renderLayout('desktop-international');
    const footer = screen.getByRole('contentinfo');
    expect(textsOf(within(footer).getAllByRole('heading', { level: 2 }))).toEqual([
      '基础产品',
      '特色产品',
      '智能硬件',
      '解决方案',
      '开发者支持',
      '联系我们',
      '咨询热线',
    ]);
    const contact = within(footer).getByRole('link', { name: '4000-999-023' });
    expect(contact.getAttribute('href')).toBe('tel:4000999023');
    expect(footer.textContent).toContain('周一至周日 9:00-18:00');
    expect(footer.textContent).toContain('仅收市话费');
    expect(footer.textContent).toContain('2013-2025');
    for (const name of ['商务合作', '关于我们', '隐私条款']) {
      expect(within(footer).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('links developer support to the SDK documentation from config, in a new window', () => {
    renderLayout('desktop-international');
    const footer = screen.getByRole('contentinfo');
    const android = within(footer).getByRole('link', { name: /Android SDK/ });
    expect(android.getAttribute('href')).toBe('%%SITE:link.sdk_android%%');
    expect(android.getAttribute('target')).toBe('_blank');
  });

  it('on the international site: the official-account QR code and no filing numbers', () => {
    renderLayout('desktop-international');
    const footer = screen.getByRole('contentinfo');
    const qr = within(footer).getByRole('img', { name: '微信公众号二维码' });
    expect(qr.getAttribute('src')).toBe('%%SITE:qr.official_account%%');
    expect(qr.getAttribute('width')).toBe('104');
    expect(footer.textContent).not.toContain('ICP备');
    expect(screen.getByRole('button', { name: '公众号', hidden: true })).toBeTruthy();
  });

  it('on the China site: filing and licence notices, no official-account QR code anywhere', () => {
    renderLayout('desktop-china');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('img')).toBeNull();
    expect(footer.textContent).toContain('ICP备');
    expect(footer.textContent).toContain('公网安备');
    expect(footer.textContent).toContain('经营许可证');
    expect(screen.queryByRole('button', { name: '公众号', hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: '企业微信', hidden: true })).toBeTruthy();
  });
});

describe('layout', () => {
  it('desktop pages have header, footer, floating tool and a skip link', () => {
    renderLayout('desktop-international');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: '快捷服务' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '跳到主要内容' }).getAttribute('href')).toBe('#main');
  });

  it('mobile pages are bare: only the page itself', () => {
    const { container } = renderLayout('mobile');
    expect(container.querySelector('header, footer, aside, [data-island]')).toBeNull();
    expect(screen.getByRole('main').textContent).toBe('页面');
  });
});

describe('island', () => {
  it('refuses props holding a server placeholder, which the browser would read unfilled', () => {
    const props = { words: { title: '%%SITE:origin%%/next/' } } as never;
    expect(() => renderWithIslands(<Island name="header-nav" props={props} />)).toThrow(
      /island "header-nav": its props contain a %%SITE: placeholder/,
    );
  });
});
