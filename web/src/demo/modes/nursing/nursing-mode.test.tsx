import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../api';
import { testResult, testSummary } from '../../test-level';
import type { ModeKit } from '../kit';
import { type Answer, renderPanel, settle, answerFetch, testKit } from '../test-kit';
import { fakePlace } from '../place/fake-place';
import { fakeRoute } from '../route/fake-route';
import { useNursingMode } from './nursing-mode';

const room: SearchResult = {
  ...testResult(),
  id: 'nursing-1',
  name: '母婴室',
  category: 'mothersroom',
};
let answer: Answer;
const requested = answerFetch(() => answer);
beforeEach(() => {
  answer = { status: 200, body: { query: '', results: [room] } };
});

const renderNursing = (kit: ModeKit, route = fakeRoute(), place = fakePlace()) =>
  renderPanel(() => useNursingMode(kit, place, route));

describe('the nursing-room mode', () => {
  it('lists the nearest nursing rooms and plans the route to the nearest', async () => {
    const kit = testKit();
    const route = fakeRoute();
    const place = fakePlace();
    const { mode } = renderNursing(kit, route, place);
    act(() => mode.current.find());
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'open', mode: 'nursing' });
    expect(screen.getByText(kit.words.loading)).toBeTruthy();
    await settle();
    expect(requested).toEqual([
      '/api/venues/test-mall/search?q=&near=gate&category=mothersroom&limit=5',
    ]);
    expect(route.plan).toHaveBeenCalledWith('gate', 'nursing-1', {});
    const list = screen.getByRole('list', { name: kit.words.nursing_title });
    fireEvent.click(within(list).getByRole('button', { name: /母婴室/ }));
    expect(place.choose).toHaveBeenCalledWith(room);
  });

  it('says so when there is none near', async () => {
    answer = { status: 200, body: { query: '', results: [] } };
    const kit = testKit();
    const route = fakeRoute();
    const { mode } = renderNursing(kit, route);
    act(() => mode.current.find());
    await settle();
    expect(kit.announce).toHaveBeenCalledWith(kit.words.nursing_none);
    expect(screen.getByText(kit.words.nursing_none)).toBeTruthy();
    expect(route.plan).not.toHaveBeenCalled();
  });

  it('asks nothing of a venue that lists no nursing room', () => {
    const summary = testSummary();
    const labels = { ...summary.labels, mothersroom: '' };
    const kit = testKit({ summary: { ...summary, labels } });
    const { mode } = renderNursing(kit);
    expect(mode.current.listed).toBe(false);
    act(() => mode.current.find());
    expect(requested).toEqual([]);
    expect(screen.getByText(kit.words.nursing_none)).toBeTruthy();
  });
});
