import { fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { type PlanAnswer, planTargets } from '../../api-answers';
import { testWords } from '../../test-words';
import { planCsv } from './plan-csv';
import { type PlanRequest, type PlanState, planAddressOf, planOfAddress } from './plan-mode';
import { PlanPanel } from './plan-panel';
import { parseBlock } from './plan-stream';

const figures = (level: string, cep95: number) => ({
  level,
  fixes: 500,
  cep50_m: 0.8,
  cep75_m: 1.2,
  cep95_m: cep95,
  floor_rate: 0.995,
  served_share: 0.9,
});

const plan: PlanAnswer = {
  technology: 'aoa',
  target_cep95_m: 1,
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
};

const request: PlanRequest = { technology: 'ble', target: 3, thisLevel: false };

function renderPanel(state: PlanState, changes: Partial<Parameters<typeof PlanPanel>[0]> = {}) {
  const props = {
    words: testWords(),
    request,
    onRequest: vi.fn<(request: PlanRequest) => void>(),
    level: 'L1',
    state,
    onStart: vi.fn<() => void>(),
    onCancel: vi.fn<() => void>(),
    csvHref: 'blob:plan',
    csvName: '测试商场-部署规划-aoa.csv',
    enquiryHref: '/next/business?message=plan#lead-form',
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
    });
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
    expect(rows[1]).toBe('L120.80 米1.20 米0.90 米99.5%90.0%');
    expect(rows[3]).toBe(`${words.plan_all_levels}30.80 米1.20 米0.96 米99.5%90.0%`);
    const link = within(bill!).getByRole<HTMLAnchorElement>('link', { name: words.plan_bom_aoa });
    expect(link.getAttribute('href')).toBe('/next/device/5');
    expect(within(bill!).getByText(words.plan_bom_network)).toBeTruthy();
    const csv = screen.getByRole<HTMLAnchorElement>('link', { name: words.plan_csv });
    expect(csv.getAttribute('download')).toBe('测试商场-部署规划-aoa.csv');
    expect(screen.getByText(/有 3 处（共 400 处）位置/)).toBeTruthy();
    const send = screen.getByRole<HTMLAnchorElement>('link', { name: words.plan_send });
    expect(send.getAttribute('href')).toBe('/next/business?message=plan#lead-form');
  });

  it('shows why a plan failed', () => {
    renderPanel({ kind: 'failed', message: '无法规划：所选楼层上没有可以安装设备的位置' });
    expect(screen.getByRole('alert').textContent).toContain('没有可以安装设备的位置');
  });
});
