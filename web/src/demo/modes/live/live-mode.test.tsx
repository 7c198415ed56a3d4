import { act, fireEvent, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FenceEntry } from '../../../content/venues/viewer-files';
import { testSummary } from '../../test-level';
import { fill } from '../../../format/fill';
import type { ModeKit } from '../kit';
import { renderPanel, settle, testAt, testKit } from '../test-kit';
import { useLiveMode } from './live-mode';
import type { TrackAnswer } from '../../api';

/** The live stream as the viewer opens it: the tests push its events. */
class TestSource {
  static readonly CLOSED = 2;
  readyState = 1;
  closed = false;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    sources.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown) {
    act(() => this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>));
  }
}
let sources: TestSource[] = [];

const jeweller: FenceEntry = {
  id: 'fence-1',
  name: '珠宝警戒区',
  level: 'L1',
  ring: [
    [100, 200],
    [400, 200],
    [400, 500],
  ],
};
const frame = (tags: string[]) => ({
  second: 1_780_000_000,
  level: 'L1',
  tags: tags.map((id) => ({
    id,
    technology: 'ble',
    level: 'L1',
    point: testAt(300, 100),
    spread_m: 1,
  })),
  accuracy: [],
  alerts: [],
});

beforeEach(() => {
  sources = [];
  vi.stubGlobal('EventSource', TestSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLive(kit: ModeKit, centre = () => ({ x: 500, y: 300 })) {
  return renderPanel(() => {
    const [open, setOpen] = useState(false);
    return { setOpen, ...useLiveMode(kit, open, centre) };
  });
}

const summary = { ...testSummary(), fences: [jeweller] };

describe('the live mode', () => {
  it("follows the level's stream only while open, with its tags and the venue's fences", () => {
    const kit = testKit({ summary });
    const { mode } = renderLive(kit);
    expect(sources).toEqual([]);
    expect(mode.current.map.venueFences).toEqual([]);
    act(() => mode.current.setOpen(true));
    expect(sources.map((source) => source.url)).toEqual(['/api/venues/test-mall/live?level=L1']);
    expect(mode.current.map.venueFences).toEqual([jeweller.ring]);
    expect(
      screen.getByText(fill(kit.words.live_fence_venue, { names: '珠宝警戒区（L1）' })),
    ).toBeTruthy();
    sources[0]!.send('positions', frame(['BLE-01', 'BLE-02']));
    expect(mode.current.map.liveDots.map((dot) => dot.id)).toEqual(['BLE-01', 'BLE-02']);
    expect(screen.getByText(fill(kit.words.live_count, { count: 2 }))).toBeTruthy();
    act(() => mode.current.setOpen(false));
    expect(sources[0]!.closed).toBe(true);
    expect(mode.current.map.liveDots).toEqual([]);
  });

  it('draws a fence by taps on the map and asks the stream to watch it', () => {
    const kit = testKit({ summary });
    const { mode } = renderLive(kit);
    act(() => mode.current.setOpen(true));
    expect(mode.current.map.onTapPoint).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: kit.words.live_fence_draw }));
    for (const [x, y] of [
      [0, 0],
      [200, 0],
      [200, 200],
    ] as const) {
      act(() => mode.current.map.onTapPoint?.(x, y));
    }
    expect(screen.getByText(fill(kit.words.live_fence_drawing, { count: 3 }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: kit.words.live_fence_finish }));
    expect(mode.current.map.liveFence).toEqual({
      corners: [
        [0, 0],
        [200, 0],
        [200, 200],
      ],
      closed: true,
    });
    expect(mode.current.map.onTapPoint).toBeUndefined();
    const watched = sources.at(-1)!.url;
    expect(watched).toContain('&fence=121.4000000,31.1700000;');
    expect(watched).toContain('&dwell=1');
  });

  it('drops a square fence where the map looks, for a keyboard', () => {
    const kit = testKit({ summary });
    const { mode } = renderLive(kit);
    act(() => mode.current.setOpen(true));
    fireEvent.click(screen.getByRole('button', { name: kit.words.live_fence_centre }));
    expect(mode.current.map.liveFence?.corners).toEqual([
      [350, 150],
      [650, 150],
      [650, 450],
      [350, 450],
    ]);
    expect(screen.getByText(kit.words.live_fence_on)).toBeTruthy();
  });

  it('lists the alerts the stream sends, once it is live', () => {
    const kit = testKit({ summary });
    const { mode } = renderLive(kit);
    act(() => mode.current.setOpen(true));
    sources[0]!.send('positions', frame(['BLE-01']));
    sources[0]!.send('alert', {
      kind: 'enter',
      fence: '珠宝警戒区',
      tag: 'BLE-01',
      second: 1_780_000_000,
      level: 'L1',
      point: testAt(300, 300),
    });
    const alerts = screen.getByRole('list', { name: kit.words.live_alerts });
    expect(alerts.textContent).toContain('BLE-01 进入珠宝警戒区（L1）');
  });

  it('follows a replayed tag to its level, and goes back to the level watched before', async () => {
    const point = (second: number, level: string) => ({
      second,
      level,
      point: testAt(300, 100),
      truth: { level, point: testAt(300, 100) },
    });
    const track: TrackAnswer = {
      tag: 'BLE-01',
      technology: 'ble',
      from: 1_780_000_000,
      to: 1_780_000_001,
      points: [point(1_780_000_000, 'L2'), point(1_780_000_001, 'L2')],
    };
    vi.stubGlobal('fetch', async () => Response.json(track));
    const shown: string[] = [];
    const { mode } = renderPanel(() => {
      const [open, setOpen] = useState(false);
      const [level, setLevel] = useState('L1');
      const kit = testKit({
        summary,
        level,
        show: async (to: string) => {
          shown.push(to);
          setLevel(to);
          return testKit().model;
        },
      });
      return { setOpen, ...useLiveMode(kit, open, () => ({ x: 0, y: 0 })) };
    });
    act(() => mode.current.setOpen(true));
    sources[0]!.send('positions', frame(['BLE-01']));
    const words = testKit().words;
    fireEvent.click(screen.getByRole('button', { name: words.live_replay_start }));
    await settle();
    expect(shown).toEqual(['L2']);
    fireEvent.click(screen.getByRole('button', { name: words.live_replay_back }));
    await settle();
    expect(shown).toEqual(['L2', 'L1']);
    expect(sources.at(-1)!.url).toBe('/api/venues/test-mall/live?level=L1');
  });
});
