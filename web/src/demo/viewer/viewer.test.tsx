import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlyAnswer, SearchAnswer } from '../api';
import { type Answer, settle, answerFetch, testWalk } from '../modes/test-kit';
import { testLevel, testLevelDraft, testResult, testSummary } from '../test-level';
import { testWords } from '../test-words';
import { type DemoTask, Viewer } from './viewer';

const words = testWords();
const summary = testSummary();
const search: SearchAnswer = { query: 'xbk', results: [testResult()] };
const route = testWalk();

let answers: (path: string) => Answer;
const requested = answerFetch((path) => answers(path));

beforeEach(() => {
  answers = (path) => {
    if (path.endsWith('/levels/L1')) return { status: 200, body: testLevel() };
    if (path.endsWith('/levels/B1'))
      return { status: 200, body: { ...testLevel(), short: 'B1', name: '地下一层' } };
    if (path.endsWith('/search')) return { status: 200, body: search };
    if (path.endsWith('/route')) return { status: 200, body: route };
    if (path.endsWith('/test-mall')) return { status: 200, body: summary };
    return { status: 404, body: { error: { field: null, code: 'x', message: '没有' } } };
  };
  // jsdom has no canvas: the viewer keeps its panel working without one.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderViewer(task: Partial<DemoTask> = {}) {
  return render(
    <Viewer
      words={words}
      venues={[
        { id: 'test-mall', name: '测试商场' },
        { id: 'other', name: '另一个场馆' },
      ]}
      task={{ mode: 'map', venue: 'test-mall', ...task }}
      layout="page"
      apiBase="/api/venues"
    />,
  );
}

describe('the viewer', () => {
  it('names the map and switches levels with toggle buttons', async () => {
    renderViewer();
    await settle();
    expect(screen.getByRole('img', { name: '测试商场 L1（一层）地图' })).toBeTruthy();
    const levels = screen.getByRole('group', { name: words.levels });
    const l1 = within(levels).getByRole('button', { name: 'L1，一层' });
    const b1 = within(levels).getByRole('button', { name: 'B1，地下一层' });
    expect(l1.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(b1);
    await settle();
    expect(b1.getAttribute('aria-pressed')).toBe('true');
    expect(l1.getAttribute('aria-pressed')).toBe('false');
    expect(requested).toContain('/api/venues/test-mall/levels/B1');
  });

  it('lists search results as buttons and opens a place card dialog', async () => {
    renderViewer({ mode: 'search' });
    await settle();
    const input = screen.getByRole('combobox', { name: words.search });
    expect(document.activeElement).toBe(input);
    fireEvent.input(input, { target: { value: 'xbk' } });
    fireEvent.submit(input.closest('form')!);
    await settle();
    const list = screen.getByRole('list', { name: words.results });
    const button = within(list).getByRole('button', { name: /星巴克/ });
    fireEvent.click(button);
    await settle();
    const dialog = screen.getByRole('dialog', { name: '星巴克' });
    expect(within(dialog).getByText('每天 10:00–22:00')).toBeTruthy();
    // The API panel, opened, shows the last request and its answer (written out only when open).
    const panel = document.querySelector<HTMLDetailsElement>('details.demo-api')!;
    expect(within(panel).queryByText(/GET \/api/)).toBeNull();
    panel.open = true;
    fireEvent(panel, new Event('toggle'));
    await settle();
    expect(within(panel).getByText(/GET \/api\/venues\/test-mall\/search\?q=xbk/)).toBeTruthy();
  });

  it('plans the task route and lists its steps in order', async () => {
    renderViewer({ mode: 'route', from: 'gate', to: 'occ-shop' });
    await settle();
    const steps = screen.getByRole('heading', { name: words.steps }).nextElementSibling!;
    expect(steps.tagName).toBe('OL');
    expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '从西门出发L1',
      '直行 25 米，左转L1',
      '到达星巴克L1',
    ]);
    expect(requested.some((url) => url.includes('/route?from=gate&to=occ-shop'))).toBe(true);
    expect(screen.getByText(/全程约 50 米，步行/)).toBeTruthy();
  });

  it("starts a page's first frame in the next task, unseen until then, without a request", async () => {
    const base = '/api/venues/test-mall';
    // The frame's level is a draft: its unnamed door has no id.
    const draft = testLevelDraft();
    const preload = new Map<string, EarlyAnswer>([
      [base, { value: summary }],
      [`${base}/levels/L1`, { draft }],
      [`${base}/route?from=gate&to=occ-shop`, { value: route }],
    ]);
    const { container } = render(
      <Viewer
        words={words}
        venues={[{ id: 'test-mall', name: '测试商场' }]}
        task={{ mode: 'nav', venue: 'test-mall', from: 'gate', to: 'occ-shop' }}
        layout="page"
        apiBase="/api/venues"
        preload={preload}
      />,
    );
    const frame = container.querySelector('.demo__frame')!;
    // The first render has the summary but not yet the route: the viewer is not shown half filled.
    expect(frame.classList.contains('is-starting')).toBe(true);
    expect(screen.queryByRole('heading', { name: words.steps })).toBeNull();
    await settle();
    expect(frame.classList.contains('is-starting')).toBe(false);
    expect(screen.getByRole('heading', { name: words.steps })).toBeTruthy();
    expect(screen.getByRole('img', { name: '测试商场 L1（一层）地图' })).toBeTruthy();
    expect(requested).toEqual([]);
    // Once the browser is idle, the whole level is asked for and its ids written into the draft.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await settle();
    expect(requested).toEqual([`${base}/levels/L1`]);
    expect(draft).toEqual(testLevel());
  });

  it('simulates navigation: the current step follows the walk', async () => {
    renderViewer({ mode: 'route', from: 'gate', to: 'occ-shop' });
    await settle();
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    fireEvent.click(screen.getByRole('button', { name: words.nav_start }));
    const current = () => document.querySelector('[aria-current="step"]')?.textContent;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(current()).toBe('从西门出发L1');
    // 4 m/s: past the turn at 25 m after about seven seconds.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6500);
    });
    expect(current()).toBe('直行 25 米，左转L1');
    expect(screen.getByRole('button', { name: words.nav_pause })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(8000);
    });
    expect(current()).toBe('到达星巴克L1');
    expect(screen.getByRole('button', { name: words.nav_restart })).toBeTruthy();
    vi.useRealTimers();
  });

  it("shows the API's message in an alert, and a retry when the network fails", async () => {
    renderViewer();
    await settle();
    answers = (path) =>
      path.endsWith('/search')
        ? {
            status: 422,
            body: { error: { field: 'q', code: 'x', message: '没有找到这个地点：xyz' } },
          }
        : 'offline';
    const input = screen.getByRole('combobox', { name: words.search });
    fireEvent.input(input, { target: { value: 'xyz' } });
    fireEvent.submit(input.closest('form')!);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('没有找到这个地点：xyz');
    fireEvent.click(screen.getByRole('button', { name: words.action_route }));
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(words.network_error);
    answers = () => ({ status: 200, body: route });
    fireEvent.click(within(alert).getByRole('button', { name: words.retry }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByText(/全程约 50 米，步行/)).toBeTruthy();
  });
});
