import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer } from '../../api';
import { testResult } from '../../test-level';
import { fill } from '../../../format/fill';
import type { ModeKit } from '../kit';
import { type Answer, renderMode, settle, answerFetch, testKit } from '../test-kit';
import { fakePlace } from '../place/fake-place';
import { useSearchMode } from './search-mode';

const found: SearchAnswer = { query: 'xbk', results: [testResult()] };
let answer: Answer;
const requested = answerFetch(() => answer);
beforeEach(() => {
  answer = { status: 200, body: found };
});

function renderSearch(kit: ModeKit, place = fakePlace()) {
  const back = () => <button type="button">back</button>;
  return {
    place,
    ...renderMode(
      () => useSearchMode(kit, place, back),
      (search) => (
        <>
          {search.box}
          {search.panel}
        </>
      ),
    ),
  };
}

describe('the search mode', () => {
  it('lists what a search found near the visitor, opens the results and says how many', async () => {
    const kit = testKit();
    const { mode, place } = renderSearch(kit);
    act(() => mode.current.run('xbk'));
    await settle();
    expect(requested).toEqual(['/api/venues/test-mall/search?q=xbk&near=gate&limit=20']);
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'open', mode: 'results' });
    expect(place.close).toHaveBeenCalled();
    const count = fill(kit.words.results_count, { count: 1 });
    expect(kit.announce).toHaveBeenCalledWith(count);
    expect(screen.getByText(count)).toBeTruthy();
    const list = screen.getByRole('list', { name: kit.words.results });
    fireEvent.click(within(list).getByRole('button', { name: /星巴克/ }));
    expect(place.choose).toHaveBeenCalledWith(testResult());
  });

  it('says so when nothing is found', async () => {
    const kit = testKit();
    answer = { status: 200, body: { query: 'zzz', results: [] } };
    const { mode } = renderSearch(kit);
    act(() => mode.current.run('zzz'));
    await settle();
    const none = fill(kit.words.results_none, { query: 'zzz' });
    expect(kit.announce).toHaveBeenCalledWith(none);
    expect(screen.getByText(none)).toBeTruthy();
  });

  it('fills the box with a sample and suggests the venue’s first sample in it', async () => {
    const kit = testKit();
    const { mode } = renderSearch(kit);
    const box = screen.getByRole('combobox', { name: kit.words.search });
    expect(box.getAttribute('placeholder')).toBe(
      fill(kit.words.search_placeholder_sample, { query: 'xbk' }),
    );
    act(() => mode.current.sample('母婴室'));
    await settle();
    expect((box as HTMLInputElement).value).toBe('母婴室');
    expect(requested[0]).toContain(`q=${encodeURIComponent('母婴室')}`);
  });

  it("opens a search task: the box takes focus and the task's query is sent", async () => {
    const kit = testKit({ task: { mode: 'search', venue: 'test-mall', query: 'xbk' } });
    const { mode } = renderSearch(kit);
    const box = screen.getByRole('combobox', { name: kit.words.search }) as HTMLInputElement;
    expect(box.value).toBe('xbk');
    act(() => mode.current.begin());
    expect(document.activeElement).toBe(box);
    await settle();
    expect(requested).toHaveLength(1);
    expect(screen.getByRole('list', { name: kit.words.results })).toBeTruthy();
  });

  it('reports a failed search with a retry that searches again', async () => {
    const kit = testKit();
    answer = 'offline';
    const { mode } = renderSearch(kit);
    act(() => mode.current.run('xbk'));
    await settle();
    expect(kit.dispatch).not.toHaveBeenCalled();
    answer = { status: 200, body: found };
    act(() => vi.mocked(kit.fail).mock.calls[0]![1]());
    await settle();
    expect(requested).toHaveLength(2);
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'open', mode: 'results' });
  });
});
