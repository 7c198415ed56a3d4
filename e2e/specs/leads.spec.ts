// Business enquiries (issue #6) end to end: a visitor sends one from the business page and from
// the consultation popup, with JavaScript and without it, on desktop and on a phone; sales get
// the WeChat notification (a local stand-in for the enterprise WeChat robot), see the enquiry on
// /admin/leads, change its status and export the CSV; a visitor's building planned on a phone
// reaches sales with its plan's link, which opens it. A second real server with a config that
// names the admin token and the webhook, on its own SQLite file.
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopUserAgent, iphone, iphoneUserAgent, useBrowser } from '../helpers/browser';
import { planned, withPlans } from '../helpers/demo';
import { type RunningSite, startSite } from '../helpers/server';

const token = 'e2e-sales-token-0123456789';
/** A building of rooms as GeoJSON, small enough to plan in a second. */
const officeRooms = fileURLToPath(
  new URL('../../test-fixtures/geojson/office.geojson', import.meta.url),
);
const browser = useBrowser();

interface Lead {
  id: string;
  name: string;
  company: string;
  phone: string;
  page: string;
  variant: string;
  status: string;
  delivered: boolean;
}

/** The enterprise WeChat group robot, answering as the real one does on success. */
function startWebhook(): Promise<{ server: Server; url: string; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      messages.push(body);
      response.setHeader('content-type', 'application/json');
      response.end('{"errcode":0,"errmsg":"ok"}');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/cgi-bin/webhook/send?key=e2e`, messages });
    });
  });
}

// Two of these wait for device plans (withPlans).
describe('business enquiries', withPlans, () => {
  let site: RunningSite;
  let webhook: Awaited<ReturnType<typeof startWebhook>>;

  beforeAll(async () => {
    webhook = await startWebhook();
    site = await startSite({
      SITE_LEADS__ADMIN_TOKEN: token,
      SITE_LEADS__WECHAT__WEBHOOK: webhook.url,
      SITE_LEADS__DELIVERY__POLL_SECS: '1',
      // Every test here comes from 127.0.0.1; the limits have their own server tests.
      SITE_LEADS__RATE_LIMIT__ACCEPTED: '100',
      SITE_LEADS__RATE_LIMIT__SUBMISSIONS: '500',
    });
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    webhook?.server.close();
  });

  async function open(path: string, options: BrowserContextOptions = {}) {
    const context = await browser().newContext({
      userAgent: desktopUserAgent,
      viewport: { width: 1440, height: 900 },
      ...options,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.baseUrl}${path}`, { waitUntil: 'load' });
    return { context, page, errors };
  }

  async function hydrated(page: Page) {
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-island]')].every((island) =>
        island.hasAttribute('data-hydrated'),
      ),
    );
  }

  async function fill(page: Page, formId: string, name: string, phone: string) {
    const form = page.locator(`#${formId}`);
    await form.locator('[name="name"]').fill(name);
    await form.locator('[name="company"]').fill(`${name}的公司`);
    await form.locator('[name="phone"]').fill(phone);
    await form.locator('[name="scenario"]').selectOption('factory');
    await form.locator('[name="product"]').selectOption('device:8');
    await form
      .locator('[name="message"]')
      .fill('厂区约 3 万平方米，想了解人员定位和电子围栏的方案与报价。');
    await form.locator('[name="consent"]').check();
    return form;
  }

  async function leads(query = ''): Promise<Lead[]> {
    const response = await fetch(`${site.baseUrl}/admin/leads.json${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { leads: Lead[] }).leads;
  }

  async function stored(name: string): Promise<Lead> {
    const found = (await leads(`?q=${encodeURIComponent(name)}`)).filter((l) => l.name === name);
    expect(found, name).toHaveLength(1);
    return found[0]!;
  }

  it('with JavaScript: inline errors, then sent from the business page without a reload', async () => {
    const { context, page, errors } = await open('/next/business');
    await hydrated(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    const form = await fill(page, 'lead-form', '王晓明', '1381234567');
    await form.locator('[name="phone"]').blur();
    await expect.poll(() => page.locator('#lead-form-phone-error').textContent()).not.toBe('');
    expect(await form.locator('[name="phone"]').getAttribute('aria-invalid')).toBe('true');
    await form.locator('.lead-form__submit').click();
    // The form's own checks caught it: nothing was sent, and the field has focus.
    expect(posts).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');

    await form.locator('[name="phone"]').fill('138 1234 5678');
    await form.locator('.lead-form__submit').click();
    await expect.poll(() => page.locator('#lead-form-success').isVisible()).toBe(true);
    expect(page.url()).toBe(`${site.baseUrl}/next/business`);
    expect(posts).toEqual([`${site.baseUrl}/api/leads`]);
    expect(errors).toEqual([]);

    const lead = await stored('王晓明');
    expect(lead).toMatchObject({
      phone: '13812345678',
      page: '/next/business',
      variant: 'desktop-international',
      status: 'new',
    });
    // The notification reaches the sales group.
    await expect
      .poll(() => webhook.messages.some((body) => body.includes('王晓明的公司')), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(async () => (await stored('王晓明')).delivered, { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });

  it('in English: a number abroad is taken, the form answers in English, sales are told it came in English', async () => {
    const { context, page, errors } = await open('/next/en/business');
    await hydrated(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const form = await fill(page, 'lead-form', 'Jane Smith', '+44 20');
    await form.locator('[name="company"]').fill('Jane Smith Facilities Ltd');
    await form.locator('[name="message"]').fill('Wayfinding for a 3-storey hospital in Singapore.');
    await form.locator('[name="phone"]').blur();
    const phoneError = page.locator('#lead-form-phone-error');
    await expect.poll(() => phoneError.textContent()).toMatch(/country code/);
    expect(await phoneError.textContent()).not.toMatch(/\p{Script=Han}/u);
    // The choices are named in English.
    const options = await form.locator('[name="scenario"] option').allTextContents();
    expect(options.join(' ')).not.toMatch(/\/next\/|\p{Script=Han}/u);

    await form.locator('[name="phone"]').fill('+65 6123 4567');
    await form.locator('.lead-form__submit').click();
    await expect.poll(() => page.locator('#lead-form-success').isVisible()).toBe(true);
    expect(await page.locator('#lead-form-success').textContent()).toMatch(/Thank you/);
    expect(errors).toEqual([]);

    const lead = await stored('Jane Smith');
    expect(lead).toMatchObject({ phone: '+6561234567', page: '/next/en/business' });
    await expect
      .poll(
        () =>
          webhook.messages.some(
            (body) => body.includes('Jane Smith Facilities Ltd') && body.includes('英文'),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.close();
  });

  it('a device plan is sent to sales from the demo: the form holds its summary, the store and the notice too', async () => {
    const { context, page, errors } = await open('/next/demo');
    const launch = page.getByRole('button', { name: '试一试' });
    if (await launch.count()) await launch.first().click();
    await page.getByRole('button', { name: '部署规划' }).click();
    await page.getByLabel('定位技术').selectOption('aoa');
    await page.getByLabel('覆盖范围').selectOption('shown');
    await page.getByRole('button', { name: '开始规划' }).click();
    await page.locator('[data-plan-devices]').waitFor(planned);
    await page.getByRole('link', { name: '发送给销售' }).click();
    await page.waitForURL(/\/next\/business\?message=/);
    await hydrated(page);
    const form = page.locator('#lead-form');
    const message = form.locator('[name="message"]');
    await expect
      .poll(() => message.inputValue())
      .toMatch(/^部署规划：寻境示范购物中心，蓝牙 AoA 网关/);
    expect(await message.inputValue()).toMatch(
      /规划 \d+ 个 AOA 定位网关，预测 CEP50 0\.\d\d 米、CEP95 0\.\d\d 米/,
    );
    await form.locator('[name="name"]').fill('赵规划');
    await form.locator('[name="company"]').fill('赵规划的商场');
    await form.locator('[name="phone"]').fill('138 0000 1234');
    await form.locator('[name="product"]').selectOption('device:5');
    await form.locator('[name="scenario"]').selectOption('factory');
    await form.locator('[name="consent"]').check();
    await form.locator('.lead-form__submit').click();
    await expect.poll(() => page.locator('#lead-form-success').isVisible()).toBe(true);
    const lead = (await stored('赵规划')) as Lead & { message: string };
    expect(lead.message).toMatch(/^部署规划：寻境示范购物中心/);
    // The sales engineer opens the plan from the enquiry: the same plan, made again at once.
    const link = /打开这份规划：(\S+)/.exec(lead.message)![1]!;
    expect(link).toBe(`${site.baseUrl}/next/demo?venue=demo-mall&plan=aoa,1,L1`);
    const devices = await page.locator('[data-plan-devices]').count();
    expect(devices).toBe(0);
    await page.goto(link);
    const reopened = page.locator('[data-plan-devices]');
    await reopened.waitFor(planned);
    expect(await reopened.getByText(/个 AOA 定位网关，预测 CEP95/).count()).toBe(1);
    await expect
      .poll(() => webhook.messages.some((body) => body.includes('部署规划：寻境示范购物中心')), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor’s building on a phone: uploaded, planned, exported with its beacons, sent to sales, opened by sales', async () => {
    const { context, page, errors } = await open('/next/editors', iphone);
    await hydrated(page);
    await page.getByLabel('选择 IMDF 压缩包').setInputFiles(officeRooms);
    const opened = page.getByRole('link', { name: '在地图上打开' });
    await opened.waitFor({ timeout: 30_000 });
    const id = (await opened.getAttribute('href'))!.split('=')[1]!;
    await opened.tap();
    await page.waitForURL(/\/next\/demo\?building=/);
    // A building's link opens the viewer at once, without the launcher's button.
    await page.getByRole('button', { name: '部署规划' }).tap();
    await page.getByRole('button', { name: '开始规划' }).tap();
    const plan = page.locator('[data-plan-devices]');
    await plan.waitFor(planned);
    const count = Number(await plan.getAttribute('data-plan-devices'));
    expect(count).toBeGreaterThan(0);
    // The building's IMDF archive with the plan's beacons beside its files.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载含设备的 IMDF 数据包' }).tap();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`building-${id}.imdf.zip`);
    const { readFileSync } = await import('node:fs');
    const zip = readFileSync((await saved.path())!);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.includes(Buffer.from('infrastructure.geojson'))).toBe(true);
    expect(zip.includes(Buffer.from('unit.geojson'))).toBe(true);

    await page.getByRole('link', { name: '发送给销售' }).tap();
    await page.waitForURL(/\/next\/business\?message=/);
    await hydrated(page);
    const form = page.locator('#lead-form');
    const message = form.locator('[name="message"]');
    await expect.poll(() => message.inputValue()).toMatch(/^部署规划：示例办公楼，蓝牙信标/);
    await form.locator('[name="name"]').fill('钱规划');
    await form.locator('[name="company"]').fill('钱规划的写字楼');
    await form.locator('[name="phone"]').fill('138 0000 5678');
    await form.locator('[name="product"]').selectOption('device:1');
    await form.locator('[name="scenario"]').selectOption('factory');
    await form.locator('[name="consent"]').check();
    await form.locator('.lead-form__submit').tap();
    await expect.poll(() => page.locator('#lead-form-success').isVisible()).toBe(true);
    const lead = (await stored('钱规划')) as Lead & { message: string };
    expect(lead.variant).toBe('mobile');
    const link = `/next/demo?building=${id}&plan=ble,3`;
    expect(lead.message).toContain(`打开这份规划：${site.baseUrl}${link}`);
    await expect
      .poll(() => webhook.messages.some((body) => body.includes('部署规划：示例办公楼')), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    // Sales open the building and its plan from the enquiry.
    const admin = await open('/admin/leads', {
      httpCredentials: { username: 'sales', password: token },
    });
    await hydrated(admin.page);
    const row = admin.page.locator('tr[data-lead-id]', { hasText: '钱规划' });
    const planLink = row.getByRole('link', { name: `${site.baseUrl}${link}` });
    expect(await planLink.getAttribute('href')).toBe(link);
    await admin.page.goto(`${site.baseUrl}${link}`);
    const reopened = admin.page.locator('[data-plan-devices]');
    await reopened.waitFor(planned);
    expect(Number(await reopened.getAttribute('data-plan-devices'))).toBe(count);
    await admin.context.close();
  });

  it('with JavaScript: sent from the consultation popup of another page', async () => {
    const { context, page, errors } = await open('/next/map');
    await hydrated(page);
    await page.locator('.float-tool__consult').click();
    const dialog = page.locator('dialog.consult-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await fill(page, 'consult-lead-form', '李华', '0755-12345678');
    await dialog.locator('.lead-form__submit').click();
    await expect.poll(() => page.locator('#consult-lead-form-success').isVisible()).toBe(true);
    expect(page.url()).toBe(`${site.baseUrl}/next/map`);
    expect(errors).toEqual([]);
    expect(await stored('李华')).toMatchObject({ page: '/next/map', phone: '0755-12345678' });
    await context.close();
  });

  it('with JavaScript on a phone: the mobile business page validates inline and sends', async () => {
    const { context, page, errors } = await open('/next/business', {
      userAgent: iphoneUserAgent,
      viewport: { width: 375, height: 812 },
    });
    await hydrated(page);
    const form = await fill(page, 'lead-form', '赵敏', '13912345678');
    await form.locator('[name="email"]').fill('zhao@@example');
    await form.locator('.lead-form__submit').click();
    await expect.poll(() => page.locator('#lead-form-email-error').textContent()).not.toBe('');
    await form.locator('[name="email"]').fill('zhao@example.com');
    await form.locator('.lead-form__submit').click();
    await expect.poll(() => page.locator('#lead-form-success').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(errors).toEqual([]);
    expect((await stored('赵敏')).variant).toBe('mobile');
    await context.close();
  });

  it('without JavaScript: the consultation link leads to the form; errors come back with the input kept; success redirects', async () => {
    const { context, page } = await open('/next/locate', { javaScriptEnabled: false });
    await Promise.all([
      page.waitForURL(`${site.baseUrl}/next/business#lead-form`),
      page.locator('.float-tool__consult').click(),
    ]);
    // The browser's own checks (required, maxlength) stay on without JavaScript; a phone
    // with a letter passes them and is refused by the server.
    const form = await fill(page, 'lead-form', '陈<b>"静"</b>', '1381234567x');
    await Promise.all([
      page.waitForURL(`${site.baseUrl}/api/leads#lead-form`),
      form.locator('.lead-form__submit').click(),
    ]);
    expect(await page.locator('#lead-form-phone-error').textContent()).not.toBe('');
    expect(await page.locator('#lead-form-alert').textContent()).not.toBe('');
    expect(await page.locator('#lead-form-name-error').textContent()).toBe('');
    // What the visitor typed is all still there, as text (not markup).
    expect(await page.locator('#lead-form-name').inputValue()).toBe('陈<b>"静"</b>');
    expect(await page.locator('#lead-form-phone').inputValue()).toBe('1381234567x');
    expect(await page.locator('#lead-form-scenario').inputValue()).toBe('factory');
    expect(await page.locator('#lead-form-product').inputValue()).toBe('device:8');
    expect(await page.locator('#lead-form-consent').isChecked()).toBe(true);
    expect(await page.locator('#lead-form-message').inputValue()).toContain('3 万平方米');

    await page.locator('#lead-form-phone').fill('010-87654321');
    await Promise.all([
      page.waitForURL(`${site.baseUrl}/next/business/thanks#main`),
      page.locator('#lead-form .lead-form__submit').click(),
    ]);
    expect(await page.locator('h1').textContent()).toBeTruthy();
    expect(await stored('陈<b>"静"</b>')).toMatchObject({
      phone: '010-87654321',
      page: '/next/business',
    });
    await context.close();
  });

  it('sales see, search, update and export enquiries on /admin/leads, with the token only', async () => {
    const anonymous = await fetch(`${site.baseUrl}/admin/leads`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);

    const { context, page, errors } = await open('/admin/leads', {
      httpCredentials: { username: 'sales', password: token },
    });
    await hydrated(page);
    const table = page.locator('#lead-admin-table');
    await expect.poll(() => table.locator('tr[data-lead-id]').count()).toBeGreaterThanOrEqual(4);
    await page.locator('#lead-admin-q').fill('李华');
    await page.locator('#lead-admin-q').press('Enter');
    await expect.poll(() => table.locator('tr[data-lead-id]').count()).toBe(1);
    expect(await table.textContent()).toContain('0755-12345678');

    await table.locator('select.lead-admin__status').selectOption('contacted');
    await expect.poll(async () => (await stored('李华')).status).toBe('contacted');
    await expect.poll(() => page.locator('#lead-admin-notice').textContent()).not.toBe('');

    const href = await page.locator('#lead-admin-export').getAttribute('href');
    expect(href).toContain('/admin/leads.csv');
    const csv = await page.evaluate(async (url) => {
      const response = await fetch(url!);
      return [...new Uint8Array(await response.arrayBuffer())];
    }, href);
    const bytes = Uint8Array.from(csv);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    expect(text).toContain('李华');
    expect(text).not.toContain('王晓明');
    expect(text.split('\r\n').length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
