import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { ModeKit } from '../kit';
import { renderPanel, testKit } from '../test-kit';
import { useStartMode } from './start-mode';

function renderStart(
  kit: ModeKit,
  offers: { parking: boolean; listed: boolean; editable?: boolean },
) {
  const modes = {
    place: { notice: null },
    route: { plan: vi.fn() },
    search: { sample: vi.fn() },
    findcar: { parking: offers.parking, open: vi.fn() },
    nursing: { listed: offers.listed, find: vi.fn() },
    edit: { editable: Boolean(offers.editable) },
  };
  renderPanel(() => useStartMode(kit, modes));
  return modes;
}

describe('the start panel', () => {
  it("offers the venue's modes: the sample route, find-my-car, the nursing rooms, live and flow", () => {
    const kit = testKit();
    const modes = renderStart(kit, { parking: true, listed: true });
    expect(screen.getByRole('heading', { name: '测试商场' })).toBeTruthy();
    const actions = screen.getByRole('group', { name: kit.words.actions });
    fireEvent.click(within(actions).getByRole('button', { name: kit.words.action_route }));
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'open', mode: 'route' });
    expect(modes.route.plan).toHaveBeenCalledWith('B1-001', 'occ-shop', { focusPanel: true });
    fireEvent.click(within(actions).getByRole('button', { name: kit.words.findcar }));
    expect(modes.findcar.open).toHaveBeenCalled();
    fireEvent.click(within(actions).getByRole('button', { name: kit.words.nursing }));
    expect(modes.nursing.find).toHaveBeenCalled();
    fireEvent.click(within(actions).getByRole('button', { name: kit.words.live }));
    expect(kit.dispatch).toHaveBeenLastCalledWith({ type: 'open', mode: 'live' });
    fireEvent.click(within(actions).getByRole('button', { name: kit.words.flow }));
    expect(kit.dispatch).toHaveBeenLastCalledWith({ type: 'open', mode: 'flow' });
    fireEvent.click(within(actions).getByRole('button', { name: kit.words.plan }));
    expect(kit.dispatch).toHaveBeenLastCalledWith({ type: 'open', mode: 'plan' });
  });

  it('leaves out what the venue does not have', () => {
    const kit = testKit();
    renderStart(kit, { parking: false, listed: false });
    const actions = screen.getByRole('group', { name: kit.words.actions });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([kit.words.action_route, kit.words.live, kit.words.flow, kit.words.plan]);
  });

  it("offers the editor on a visitor's building", () => {
    const kit = testKit();
    renderStart(kit, { parking: false, listed: false, editable: true });
    const actions = screen.getByRole('group', { name: kit.words.actions });
    fireEvent.click(within(actions).getByRole('button', { name: kit.words.edit }));
    expect(kit.dispatch).toHaveBeenLastCalledWith({ type: 'open', mode: 'edit' });
  });

  it('searches for a sample', () => {
    const modes = renderStart(testKit(), { parking: true, listed: true });
    fireEvent.click(screen.getByRole('button', { name: '母婴室' }));
    expect(modes.search.sample).toHaveBeenCalledWith('母婴室');
  });

  it('waits for the venue', () => {
    renderStart(testKit({ summary: null }), { parking: false, listed: false });
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
