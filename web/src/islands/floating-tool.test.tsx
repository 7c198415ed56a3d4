// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../runtime/runtime';
import { IslandRoot } from './island-root';
import { FloatingTool } from './floating-tool';
import { repoContent } from '../content/repo-content';
import { dialogFormId, leadFormProps } from '../leads/catalog';

const content = repoContent();
const { site } = content;

const runtime: Runtime = {
  links: {
    console: 'https://c.test/',
    playground: 'https://p.test/',
    docs: 'https://d.test/',
    sdk_h5: 'https://d.test/h5',
    sdk_android: 'https://d.test/a',
    sdk_ios: 'https://d.test/i',
    sdk_harmonyos: 'https://d.test/h',
  },
  qr: { official_account: '/next/_site/qr/oa.svg', enterprise_wechat: '/next/_site/qr/ew.svg' },
};

function renderTool(showOfficialAccount: boolean) {
  return render(
    <IslandRoot name="floating-tool" runtime={runtime}>
      <FloatingTool
        labels={site.floating_tool}
        hotline={site.hotline}
        qrAltSuffix={site.a11y.qr_alt_suffix}
        showOfficialAccount={showOfficialAccount}
        formPage="/next/business"
        form={leadFormProps(content, { formId: dialogFormId, page: '/next/map', compact: true })}
      />
    </IslandRoot>,
  );
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => scrollTo(0));

describe('floating tool (spec section 2)', () => {
  it('shows back-to-top only while the page is scrolled more than 1200 px', () => {
    renderTool(true);
    const backToTop = () => screen.queryByRole('button', { name: site.floating_tool.back_to_top });
    expect(backToTop()).toBeNull();
    scrollTo(1200);
    expect(backToTop()).toBeNull();
    scrollTo(1201);
    expect(backToTop()).not.toBeNull();
    scrollTo(300);
    expect(backToTop()).toBeNull();
  });

  it('offers both QR codes on the international site', () => {
    renderTool(true);
    const images = screen.getAllByRole('img', { hidden: true });
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      runtime.qr.enterprise_wechat,
      runtime.qr.official_account,
    ]);
    for (const img of images) {
      expect(img.getAttribute('alt')).toMatch(/二维码$/);
      expect(img.getAttribute('width')).toBe('132');
      expect(img.getAttribute('height')).toBe('132');
    }
  });

  it('hides the official-account QR on the China site', () => {
    renderTool(false);
    expect(screen.queryByRole('button', { name: site.floating_tool.official_account })).toBeNull();
    const images = screen.getAllByRole('img', { hidden: true });
    expect(images.map((img) => img.getAttribute('src'))).toEqual([runtime.qr.enterprise_wechat]);
  });

  it('opens a QR popover on hover and closes it when the pointer leaves', () => {
    renderTool(true);
    const button = screen.getByRole('button', { name: site.floating_tool.enterprise_wechat });
    const item = button.closest('li') as HTMLElement;
    const popover = document.getElementById(
      button.getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    expect(popover.hidden).toBe(true);
    fireEvent.mouseEnter(item);
    expect(popover.hidden).toBe(false);
    expect(within(popover).getByText(site.floating_tool.enterprise_wechat_caption)).toBeTruthy();
    fireEvent.mouseLeave(item);
    expect(popover.hidden).toBe(true);
  });

  it('has a hotline dialog with the number as a tel: link, hours and charge note', () => {
    renderTool(true);
    // A link to the form on the business page, for when the script does not run.
    const consult = screen.getByRole('link', { name: site.floating_tool.consult });
    expect(consult.getAttribute('href')).toBe('/next/business#lead-form');
    expect(consult.getAttribute('aria-haspopup')).toBe('dialog');
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    const phone = within(dialog).getByRole('link', { name: site.hotline.display, hidden: true });
    expect(phone.getAttribute('href')).toBe('tel:4000999023');
    expect(dialog.textContent).toContain('周一至周日 9:00-18:00');
    expect(dialog.textContent).toContain('仅收市话费');
    expect(
      within(dialog).getByRole('button', { name: site.floating_tool.close, hidden: true }),
    ).toBeTruthy();
  });

  it('the consultation link opens the dialog with the enquiry form; closing returns focus', () => {
    renderTool(true);
    const consult = screen.getByRole('link', { name: site.floating_tool.consult });
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    // jsdom has no modal dialogs; stand in for the browser's showModal and close.
    dialog.showModal = function showModal() {
      this.setAttribute('open', '');
    };
    dialog.close = function close() {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => {
      consult.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(true);
    const form = dialog.querySelector('form') as HTMLFormElement;
    expect(form.id).toBe('consult-lead-form');
    expect(form.getAttribute('action')).toBe('/api/leads#lead-form');
    act(() => {
      within(dialog).getByRole('button', { name: site.floating_tool.close, hidden: true }).click();
    });
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(consult);
  });
});
