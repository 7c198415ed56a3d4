import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { type PlanAnswer, planTargets } from '../../api-answers';
import { testHeatGrid } from '../../test-level';
import { testWords } from '../../test-words';
import { planCsv } from './plan-csv';
import { type PlanRequest, type PlanState, planAddressOf, planOfAddress } from './plan-mode';
import { PlanPanel } from './plan-panel';
import { parseBlock } from './plan-stream';
import * as layoutEdits from './plan-layout';
import { addDevice, layoutBody, nearestDevice, nudgeDevice, removeDevice } from './plan-layout';
import { type PlanLayoutEdits, usePlanLayout } from './plan-map';
import { lonLatToWorld } from '../../projection';
import { combinedEnquiry, reopenLink } from './plan-enquiry';

const figures = (level: string, cep95: number) => ({
  level,
  fixes: 500,
  cep50_m: 0.8,
  cep75_m: 1.2,
  cep95_m: cep95,
  floor_rate: 0.995,
  served_share: 0.9,
  first_fix_p50_s: 1,
  first_fix_p95_s: 4,
});

const plan: PlanAnswer = {
  technology: 'aoa',
  target_cep95_m: 1,
  zone: 'all',
  stairs: true,
  meets_target: true,
  devices: [
    { name: 'L1-AOA-001', level: 'L1', point: [121.40001, 31.17002], height_m: 4 },
    { name: 'L1-AOA-002', level: 'L1', point: [121.40011, 31.17012], height_m: 4 },
    { name: 'L2-AOA-001', level: 'L2', point: [121.40021, 31.17022], height_m: 3.5 },
  ],
  total: figures('', 0.96),
  levels: [figures('L1', 0.9), figures('L2', 0.99)],
  points: 400,
  short_points: 3,
  rounds: [{ reach_m: 12, devices: 3, cep95_m: 0.96 }],
  heat: [
    {
      ...testHeatGrid({ cell_m: 3, north_east: [121.4003, 31.1703], rows: 1, cells: 'AH8=' }),
      scale_m: 2,
    },
  ],
  gaps: [
    { level: 'L1', points: 2, outlines: [] },
    { level: 'L2', points: 0, outlines: [] },
  ],
};

const origin: [number, number] = [121.4, 31.17];

function layoutOf(changes: Partial<PlanLayoutEdits> = {}): PlanLayoutEdits {
  return {
    devices: plan.devices,
    changed: false,
    selected: null,
    adding: false,
    showHeat: true,
    setAdding: vi.fn(),
    select: vi.fn(),
    setShowHeat: vi.fn(),
    nudge: vi.fn(),
    copy: vi.fn(),
    remove: vi.fn(),
    reset: vi.fn(),
    map: {
      liveDots: [],
      markers: [],
      heat: null,
      gaps: undefined,
      onTapPoint: undefined,
      onHold: undefined,
    },
    ...changes,
  };
}

const request: PlanRequest = {
  technology: 'ble',
  target: 3,
  thisLevel: false,
  zone: 'all',
  stairs: true,
};

function renderPanel(state: PlanState, changes: Partial<Parameters<typeof PlanPanel>[0]> = {}) {
  const props = {
    words: testWords(),
    request,
    onRequest: vi.fn<(request: PlanRequest) => void>(),
    level: 'L1',
    state,
    current: state.kind === 'done' ? state.plan : null,
    layout: layoutOf(),
    onMeasure: vi.fn<() => void>(),
    exports: {
      geojsonUrl: '/api/venues/v/plan/infrastructure.geojson?technology=aoa',
      archiveUrl: null,
    },
    onStart: vi.fn<() => void>(),
    onCancel: vi.fn<() => void>(),
    csvHref: 'blob:plan',
    csvName: '测试商场-部署规划-aoa.csv',
    enquiryHref: '/next/business?message=plan#lead-form',
    combination: { parts: [], onAdd: vi.fn(), onRemove: vi.fn(), enquiryHref: null },
    venueName: '测试商场',
    ...changes,
  };
  render(<PlanPanel {...props} />);
  return props;
}

describe('the device plan', () => {
  it('reads the stream’s events and leaves comments and broken data out', () => {
    expect(parseBlock('event: queued\ndata: {"ahead":2}')).toEqual({
      kind: 'queued',
      data: { ahead: 2 },
    });
    expect(parseBlock('retry: 5000')).toBeNull();
    expect(parseBlock('event: plan\ndata: {broken')).toBeNull();
    expect(parseBlock('event: other\ndata: {}')).toBeNull();
  });

  it('writes a plan into an address and reads it back', () => {
    const address = planAddressOf('aoa', 1, ['L1', 'L2']);
    expect(address).toBe('aoa,1,L1,L2');
    expect(planOfAddress(address)).toEqual({
      technology: 'aoa',
      target: 1,
      thisLevel: false,
      levels: ['L1', 'L2'],
      zone: 'all',
      stairs: true,
    });
    const zoned = planAddressOf('ble', 3, ['B1'], 'parking', false);
    expect(zoned).toBe('ble,3,B1,@parking,-stairs');
    expect(planOfAddress(zoned)).toMatchObject({ levels: ['B1'], zone: 'parking', stairs: false });
    expect(planOfAddress('ble,3,@garden')).toBeNull();
    expect(planOfAddress('ble,3')?.levels).toEqual([]);
    expect(planOfAddress('wifi,3')).toBeNull();
  });

  it('lists the devices as CSV, numbered, with a byte-order mark for spreadsheets', () => {
    const csv = planCsv(plan, testWords().plan_csv_header);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines).toEqual([
      '编号,楼层,经度,纬度,安装高度（米）',
      'L1-AOA-001,L1,121.4000100,31.1700200,4.0',
      'L1-AOA-002,L1,121.4001100,31.1701200,4.0',
      'L2-AOA-001,L2,121.4002100,31.1702200,3.5',
    ]);
  });

  it('asks for a technology’s own target range and starts from the form', () => {
    const props = renderPanel({ kind: 'idle' });
    const words = props.words;
    const target = screen.getByLabelText<HTMLInputElement>(words.plan_target);
    expect([target.min, target.max]).toEqual(['1', '10']);
    const technology = screen.getByLabelText<HTMLSelectElement>(words.plan_technology);
    technology.value = 'uwb';
    technology.dispatchEvent(new Event('change', { bubbles: true }));
    expect(props.onRequest).toHaveBeenCalledWith({ ...request, technology: 'uwb', target: 0.3 });
    const zone = screen.getByLabelText<HTMLSelectElement>(words.plan_zone);
    zone.value = 'parking';
    zone.dispatchEvent(new Event('change', { bubbles: true }));
    expect(props.onRequest).toHaveBeenCalledWith({ ...request, zone: 'parking' });
    fireEvent.click(screen.getByLabelText(words.plan_stairs));
    expect(props.onRequest).toHaveBeenCalledWith({ ...request, stairs: false });
    fireEvent.click(screen.getByRole('button', { name: words.plan_start }));
    expect(props.onStart).toHaveBeenCalled();
    expect(planTargets.ble).toEqual([1, 10, 3]);
  });

  it('says where the plan is while it runs, and may be cancelled', () => {
    const props = renderPanel({
      kind: 'running',
      queued: null,
      progress: {
        round: 2,
        stage: 'measuring',
        reach_m: null,
        devices: 96,
        walked: 5,
        walkers: 12,
      },
    });
    expect(screen.getByRole('status').textContent).toBe(
      '第 2 轮：96 个设备，模拟行人 5/12 已走完…',
    );
    expect(screen.getByRole<HTMLProgressElement>('progressbar').value).toBeCloseTo(5 / 12);
    fireEvent.click(screen.getByRole('button', { name: props.words.plan_cancel }));
    expect(props.onCancel).toHaveBeenCalled();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: props.words.plan_start }).disabled,
    ).toBe(true);
  });

  it('shows the plan: its count against the target, the figures per level, the bill and the list', () => {
    const { words } = renderPanel({ kind: 'done', plan });
    expect(screen.getByText(/3 个 AOA 定位网关，预测 CEP95 0.96 米，达到目标 1 米/)).toBeTruthy();
    const [figures, bill] = screen.getAllByRole('table');
    const rows = within(figures!)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[1]).toBe('L120.80 米1.20 米0.90 米99.5%90.0%1 / 4 秒');
    expect(rows[3]).toBe(`${words.plan_all_levels}30.80 米1.20 米0.96 米99.5%90.0%1 / 4 秒`);
    expect(screen.getByText(/每 3 米一格.*红色达到 2 米或更大/)).toBeTruthy();
    expect(screen.getByText(/没有设备覆盖的区域：L1 层 2 处。/)).toBeTruthy();
    const link = within(bill!).getByRole<HTMLAnchorElement>('link', { name: words.plan_bom_aoa });
    expect(link.getAttribute('href')).toBe('/next/device/5');
    expect(within(bill!).getByText(words.plan_bom_network)).toBeTruthy();
    const csv = screen.getByRole<HTMLAnchorElement>('link', { name: words.plan_csv });
    expect(csv.getAttribute('download')).toBe('测试商场-部署规划-aoa.csv');
    expect(screen.getByText(/有 3 处（共 400 处）位置/)).toBeTruthy();
    const send = screen.getByRole<HTMLAnchorElement>('link', { name: words.plan_send });
    expect(send.getAttribute('href')).toBe('/next/business?message=plan#lead-form');
  });

  it('changes a layout: the nearest device, a new one named after the last, a metre east, one fewer', () => {
    const [x, y] = lonLatToWorld(origin, plan.devices[1]!.point);
    expect(nearestDevice(plan.devices, 'L1', origin, x + 5, y, 30)).toBe('L1-AOA-002');
    expect(nearestDevice(plan.devices, 'L1', origin, x + 50, y, 30)).toBeNull();
    expect(nearestDevice(plan.devices, 'L2', origin, x, y, 30)).toBeNull();
    const added = addDevice(plan.devices, 'aoa', 'L1', 4, origin, x + 100, y);
    expect(added.name).toBe('L1-AOA-003');
    expect(added.layout).toHaveLength(4);
    const [ax, ay] = lonLatToWorld(origin, added.layout[3]!.point);
    expect([ax, ay].map(Math.round)).toEqual([Math.round(x + 100), Math.round(y)]);
    const nudged = nudgeDevice(added.layout, 'L1-AOA-003', origin, 1, 0);
    const [nx] = lonLatToWorld(origin, nudged[3]!.point);
    expect(nx - ax).toBeCloseTo(10, 3);
    expect(removeDevice(nudged, 'L1-AOA-001').map((d) => d.name)).toEqual([
      'L1-AOA-002',
      'L2-AOA-001',
      'L1-AOA-003',
    ]);
    expect(JSON.parse(layoutBody(plan.devices.slice(0, 1)))).toEqual({
      devices: [{ level: 'L1', point: [121.40001, 31.17002] }],
    });
  });

  it('lets the visitor drag a device, add one by tapping, select, copy and remove, then go back', () => {
    const { result } = renderHook(() => usePlanLayout(plan, 'L1', origin, layoutEdits));
    expect(result.current.map.liveDots).toHaveLength(2);
    expect(result.current.map.heat?.columns).toBe(2);
    const [x, y] = lonLatToWorld(origin, plan.devices[0]!.point);
    // Pressed next to the first device, dragged 20 units north, dropped.
    act(() => {
      const held = result.current.map.onHold!(x + 3, y, 10)!;
      held.move(x, y + 10);
      held.drop(x, y + 20);
    });
    expect(result.current.changed).toBe(true);
    expect(result.current.selected).toBe('L1-AOA-001');
    const moved = lonLatToWorld(origin, result.current.devices[0]!.point);
    expect(moved[1] - y).toBeCloseTo(20, 3);
    // Adding: a tap places a third device on the level, selected.
    act(() => result.current.setAdding(true));
    act(() => result.current.map.onTapPoint!(x + 200, y));
    expect(result.current.selected).toBe('L1-AOA-003');
    expect(result.current.map.liveDots).toHaveLength(3);
    expect(result.current.map.markers).toHaveLength(1);
    act(() => result.current.copy());
    expect(result.current.devices.map((d) => d.name)).toContain('L1-AOA-004');
    act(() => result.current.remove());
    expect(result.current.devices).toHaveLength(4);
    act(() => result.current.reset());
    expect(result.current.changed).toBe(false);
    expect(result.current.devices).toBe(plan.devices);
  });

  it('offers the changed layout to be measured, and each device of the list to be selected', () => {
    const layout = layoutOf({ changed: true, selected: 'L1-AOA-002' });
    const props = renderPanel({ kind: 'done', plan }, { layout });
    const words = props.words;
    expect(screen.getByText(/布局已修改（3 个设备）/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: words.plan_measure }));
    expect(props.onMeasure).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: words.plan_nudge_east }));
    expect(layout.nudge).toHaveBeenCalledWith(1, 0);
    fireEvent.click(screen.getByRole('button', { name: words.plan_remove }));
    expect(layout.remove).toHaveBeenCalled();
    const listed = screen.getByRole('button', { name: 'L2-AOA-001' });
    fireEvent.click(listed);
    expect(layout.select).toHaveBeenCalledWith('L2-AOA-001');
    expect(screen.getByRole('button', { name: 'L1-AOA-002' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('keeps plans of different zones together: each with its figures, the bills added up, sent together', () => {
    const car: PlanAnswer = {
      ...plan,
      technology: 'uwb',
      zone: 'parking',
      target_cep95_m: 0.3,
      total: figures('', 0.12),
    };
    const rest: PlanAnswer = { ...plan, technology: 'ble', zone: 'rest', target_cep95_m: 3 };
    const parts = [
      { plan: car, levels: ['B1'] },
      { plan: rest, levels: [] },
    ];
    const combination = {
      parts,
      onAdd: vi.fn(),
      onRemove: vi.fn(),
      enquiryHref: '/next/business?message=mix#lead-form',
    };
    const props = renderPanel({ kind: 'done', plan: rest }, { combination });
    const words = props.words;
    fireEvent.click(screen.getByRole('button', { name: words.plan_combine }));
    expect(combination.onAdd).toHaveBeenCalled();
    const section = screen.getByText(/组合规划（2 份）/).closest('section')!;
    expect(section.textContent).toContain(
      '停车场（车位、车道和停车楼层），UWB 基站（标签定位）：3 个 UWB 定位基站，CEP95 0.12 米（目标 0.3 米）',
    );
    const bill = within(section)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(bill.slice(1)).toEqual(['UWB 定位基站3', 'Smart Beacon 智能信标3', 'PoE 网络供电点3']);
    fireEvent.click(
      within(section).getAllByRole('button', { name: words.plan_combined_remove })[0]!,
    );
    expect(combination.onRemove).toHaveBeenCalledWith(0);
    const send = within(section).getByRole('link', { name: words.plan_combined_send });
    expect(send.getAttribute('href')).toBe('/next/business?message=mix#lead-form');

    const message = combinedEnquiry(words, '测试商场', parts, (part) =>
      reopenLink('https://www.indora.cn', 'demo-mall', part),
    );
    const lines = message.split('\n');
    expect(lines[0]).toBe('组合部署规划：测试商场。');
    expect(lines[1]).toMatch(
      /^【UWB 基站（标签定位），L1、L2，停车场.*】3 个 UWB 定位基站，预测 CEP95 0.12 米，打开：https:\/\/www.indora.cn\/next\/demo\?venue=demo-mall&plan=uwb,0.3,B1,@parking$/,
    );
    expect(lines[2]).toMatch(/plan=ble,3,@rest$/);
  });

  it('shows why a plan failed', () => {
    renderPanel({ kind: 'failed', message: '无法规划：所选楼层上没有可以安装设备的位置' });
    expect(screen.getByRole('alert').textContent).toContain('没有可以安装设备的位置');
  });
});
