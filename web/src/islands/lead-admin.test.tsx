// @vitest-environment jsdom
// The sales table (/admin/leads) on the browser runtime, against a stand-in for the server's
// admin API (docs/enquiries.md section 5): rows from the JSON answer, filters in the request and
// the export link, and a status change posted as JSON.
import { render, screen, waitFor, within } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repoContent } from '../content/repo-content';
import { placeholderRuntime } from '../runtime/runtime';
import { textsOf } from '../testing/test-texts';
import { IslandRoot } from './island-root';
import { type AdminLead, LeadAdmin, MessageText } from './lead-admin';

const { leads } = repoContent();

const lead = (id: string, name: string, extra: Partial<AdminLead> = {}): AdminLead => ({
  id,
  created_at: '2026-11-23T14:03:09+08:00',
  status: 'new',
  name,
  company: '寻境科技',
  phone: '13800138000',
  email: 'a@example.com',
  scenario: 'factory',
  scenario_label: '智慧工厂',
  product: 'device:1',
  product_label: 'Smart Beacon 智能信标',
  message: '第一行\n第二行',
  page: '/next/business',
  variant: 'mobile',
  variant_label: '手机版',
  user_agent: 'test',
  delivered: false,
  unannounced: false,
  undeliverable: false,
  ...extra,
});

const rows = [
  lead('L2', '李四', { delivered: true }),
  lead('L1', '张三'),
  lead('L0', '王五', { undeliverable: true }),
  lead('L9', '赵六', { unannounced: true }),
];

function server(statusAnswer: (id: string, body: unknown) => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/admin/leads.json')) {
      return Response.json({ leads: rows, total: 120, page: 1, page_size: 50, undeliverable: 2 });
    }
    const match = /^\/admin\/leads\/([^/]+)\/status$/.exec(url);
    if (match && init?.method === 'POST') {
      return statusAnswer(match[1]!, JSON.parse(init.body as string));
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAdmin() {
  return render(
    <IslandRoot name="lead-admin" runtime={placeholderRuntime}>
      <LeadAdmin words={leads.admin} labels={leads.labels} statuses={leads.statuses} />
    </IslandRoot>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('the sales table', () => {
  it('lists the rows of the JSON answer with their labels, time and notification state', async () => {
    history.replaceState(null, '', '/admin/leads?q=%E5%BC%A0&status=new');
    const fetch = server(() => new Response(null, { status: 500 }));
    renderAdmin();
    const table = await screen.findByRole('table', { name: leads.admin.caption });
    expect(fetch.mock.calls[0]![0]).toBe('/admin/leads.json?q=%E5%BC%A0&status=new&page=1');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
    expect(textsOf(within(table).getAllByRole('columnheader'))).toEqual([
      '提交时间',
      '状态',
      '姓名',
      '公司',
      '电话',
      '邮箱',
      '应用场景',
      '关注产品',
      '需求描述',
      '来源页面',
      '通知状态',
    ]);
    const [, first, second, third, fourth] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('2026-11-23 14:03');
    expect(first!.textContent).toContain('李四');
    expect(first!.textContent).toContain('智慧工厂');
    expect(first!.textContent).toContain('手机版');
    expect(first!.textContent).toContain(leads.admin.delivered);
    expect(second!.textContent).toContain(leads.admin.pending);
    // A notice given up is marked on its row and counted above the table.
    expect(third!.textContent).toContain(leads.admin.undeliverable);
    expect(third!.textContent).not.toContain(leads.admin.pending);
    // Stored past the hourly cap of notices: marked, not taken for announced.
    expect(fourth!.textContent).toContain(leads.admin.unannounced);
    expect(fourth!.textContent).not.toContain(leads.admin.delivered);
    expect(screen.getByRole('alert').textContent).toBe(
      leads.admin.undeliverable_summary.replace('{count}', '2'),
    );
    expect(screen.getByText('共 120 条')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: leads.admin.pagination })).toBeTruthy();
    const csv = screen.getByRole('link', { name: leads.admin.export });
    expect(csv.getAttribute('href')).toBe('/admin/leads.csv?q=%E5%BC%A0&status=new');
  });

  it('posts a status change as JSON and says so; a refusal puts the old status back', async () => {
    const fetch = server((id, body) =>
      id === 'L1'
        ? Response.json({ ...rows[1], ...(body as object) })
        : new Response('{}', { status: 422 }),
    );
    renderAdmin();
    const select = await screen.findByRole('combobox', { name: '修改 张三 的状态' });
    await act(async () => {
      (select as HTMLSelectElement).value = 'contacted';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('已将 张三 的状态改为“已联系”。'),
    );
    const post = fetch.mock.calls.find(([url]) => url === '/admin/leads/L1/status')!;
    expect(post[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(new Headers(post[1]!.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(post[1]!.body as string)).toEqual({ status: 'contacted' });
    expect((select as HTMLSelectElement).value).toBe('contacted');

    const other = screen.getByRole('combobox', { name: '修改 李四 的状态' }) as HTMLSelectElement;
    await act(async () => {
      other.value = 'closed';
      other.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('李四 的状态没有改成，请重试。'),
    );
    expect(other.value).toBe('new');
  });

  it('searches with the typed words and keeps them in the export link', async () => {
    const fetch = server(() => new Response(null, { status: 500 }));
    renderAdmin();
    await screen.findByRole('table');
    const box = screen.getByRole('searchbox', { name: leads.admin.search_label });
    await act(async () => {
      (box as HTMLInputElement).value = '寻境';
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      box.closest('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(fetch.mock.calls.at(-1)![0]).toBe(
      '/admin/leads.json?q=%E5%AF%BB%E5%A2%83&status=&page=1',
    );
    expect(screen.getByRole('link', { name: leads.admin.export }).getAttribute('href')).toBe(
      '/admin/leads.csv?q=%E5%AF%BB%E5%A2%83&status=',
    );
  });

  it("links this site's demo addresses in a message (a device plan's), and nothing else", () => {
    const origin = 'https://www.indora.cn';
    const plan = '/next/demo?building=0123456789abcdef0123456789abcdef&plan=ble,3';
    render(
      <p>
        <MessageText
          text={`部署规划：示例办公楼。打开这份规划：${origin}${plan} 另见 https://evil.example/next/demo?x=1`}
          origin={origin}
        />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([plan]);
    expect(links[0]!.textContent).toBe(`${origin}${plan}`);
    expect(screen.getByText(/另见 https:\/\/evil\.example/)).toBeTruthy();
  });
});
