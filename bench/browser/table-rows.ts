/// <reference lib="dom" />
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { JSHandle, Page } from '@playwright/test';
import { log, seededRandom, signedInPage, startConsole, type LongTaskProbe } from './console-bench';

// bench/browser/table-rows: how long the built console's Device Report takes to draw a page of 2,500
// report rows (the API's largest page), and to scroll to its last row. The real server serves the built
// console (run `npm run build -w @rms/web` first) on a fresh embedded database; the report's rows
// (`GET monitoring/device_report/`) are answered by a route stub, as many as the page size asks for.
// Printed per run, in the page's own clock ("drawn": laid out, checked at every frame before its paint):
//   - choosing "2500 / page" (from 20) → the answer received → the 2,500-row page drawn (the loading
//     state over, the table's scroll height that of 2,500 rows, its first row on screen);
//   - opening /device-report?page_size=2500 (navigation start) → the same;
//   - a wheel fling to the end of the table → the row with S.No. 2500 on screen;
//   - the longest main-thread task of each (how long the page could not answer input);
// and, in the same page and browser, the yardstick: the same answer fetched through the same stub,
// parsed and written as a plain HTML <table> (innerHTML, the same ten formatted columns) in a box of the
// same height, then scrolled to its end. Ratios are console time / plain table time.
//
//   node --import tsx bench/browser/table-rows.ts [--rows 2500] [--runs 5]

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '2500' },
    runs: { type: 'string', default: '5' },
  },
});
const rowCount = Number(args.rows);
const runs = Number(args.runs);
const MATCHING = 48_000; // rows the report "matches": the pagination counts pages of them
/** Deterministic report rows, newest first: 200 devices reporting every 5 minutes. */
function reportRows(count: number) {
  const random = seededRandom(7);
  const newest = Date.parse('2026-03-04T09:05:00.000Z');
  return Array.from({ length: count }, (_, i) => {
    const device = (i % 200) + 1;
    const charging = random() < 0.6;
    return {
      created_at: new Date(newest - Math.floor(i / 200) * 300_000).toISOString(),
      device,
      RMS_ID: `RMS-${String(device).padStart(6, '0')}`,
      gsm_sig: Math.round(40 + random() * 60),
      bt_v: +(11.8 + random() * 1.6).toFixed(3),
      bt_ch_i: charging ? +(random() * 4).toFixed(3) : 0,
      lo_i: charging ? 0 : +(random() * 2).toFixed(3),
      pv_v: charging ? +(16 + random() * 4).toFixed(3) : 0,
      pv_i: charging ? +(random() * 4).toFixed(3) : 0,
      mppt: +(80 + random() * 19).toFixed(2),
      SOC: Math.round(30 + random() * 70),
    };
  });
}

const rows = reportRows(rowCount);
const bodies = new Map<number, string>();
/** The stub's answer for a page size (the first page: the benchmark never pages on). */
function answer(pageSize: number): string {
  if (!bodies.has(pageSize))
    bodies.set(
      pageSize,
      JSON.stringify({
        results: rows.slice(0, pageSize),
        count: MATCHING,
        current: 1,
        next: 2,
      }),
    );
  return bodies.get(pageSize)!;
}

interface Probe extends LongTaskProbe {
  t0: number;
}

/**
 * In the page: the page's clock (ms) once the virtual table holds `count` rows and is no longer loading,
 * else false.
 */
function drawnAt(count: number): number | false {
  const table = document.querySelector('.ant-table-wrapper');
  if (!table || table.querySelector('.ant-spin-spinning')) return false;
  const spacer = table.querySelector<HTMLElement>('.ant-table-tbody-virtual-holder > div');
  const first = table.querySelector<HTMLElement>('.ant-table-tbody-virtual .ant-table-row');
  if (!spacer || !first || first.getBoundingClientRect().height === 0) return false;
  // Every row is one line of the same height: the scroll height says how many rows the table holds.
  const held = spacer.getBoundingClientRect().height / first.getBoundingClientRect().height;
  return Math.round(held) === count ? performance.now() : false;
}

/** In the page: the page's clock once the row whose first cell reads `serial` is inside `box`. */
function rowShownAt({ box, cells, serial }: { box: string; cells: string; serial: number }): number | false {
  const frame = document.querySelector(box)!.getBoundingClientRect();
  for (const cell of document.querySelectorAll<HTMLElement>(cells)) {
    if (cell.textContent !== String(serial)) continue;
    const r = cell.getBoundingClientRect();
    return r.height > 0 && r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1 ? performance.now() : false;
  }
  return false;
}

/** Polled at every frame; a generous timeout, the box is shared. */
const EVERY_FRAME = { polling: 'raf', timeout: 120_000 } as const;
/** The page's clock that a check answered when it first held. */
const clockOf = async (handle: Promise<JSHandle<number | false>>) =>
  (await (await handle).jsonValue()) as number;

/** The page's clock when the report request for this page size was sent and answered (resource timing). */
async function requestTimes(
  page: Page,
  pageSize: number,
): Promise<{ sent: number; answered: number } | null> {
  return page.evaluate((size) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('monitoring/device_report/') && e.name.includes(`page_size=${size}`));
    const last = entries.at(-1) as PerformanceResourceTiming | undefined;
    return last ? { sent: last.startTime, answered: last.responseEnd } : null;
  }, pageSize);
}

const longest = (page: Page) => page.evaluate(() => Math.round((window as unknown as Probe).longest));
const resetLongest = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as Probe).longest = 0;
  });

/** Wheels over `box` to its end; answers ms until the row whose first cell (`cells`) reads `last` is on screen. */
async function flingToEnd(page: Page, box: string, cells: string, last: number): Promise<number> {
  const area = (await page.locator(box).boundingBox())!;
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await resetLongest(page);
  const t0 = await page.evaluate(() => performance.now());
  await page.mouse.wheel(0, last * 100);
  return Math.round(
    (await clockOf(page.waitForFunction(rowShownAt, { box, cells, serial: last }, EVERY_FRAME))) - t0,
  );
}

/** The yardstick, in the page: fetch the same answer, parse it, write it as a plain table, draw it. */
async function plainTable(page: Page, url: string) {
  return page.evaluate(async (address) => {
    const old = document.getElementById('plain-table');
    old?.remove();
    const t0 = performance.now();
    const response = await fetch(address);
    const text = await response.text();
    const answeredAt = performance.now();
    const data = JSON.parse(text) as { results: Record<string, number | string>[] };
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = (iso: string) => {
      const d = new Date(iso);
      const h = d.getHours() % 12 || 12;
      return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(h)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'am' : 'pm'}`;
    };
    const num = (v: number | string, digits: number) => Number(v).toFixed(digits);
    const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const body = data.results
      .map(
        (row, i) =>
          `<tr><td class="serial">${i + 1}</td><td>${date(String(row.created_at))}</td><td>${escape(String(row.RMS_ID))}</td>` +
          `<td>${num(row.gsm_sig!, 0)}</td>` +
          ['bt_v', 'bt_ch_i', 'lo_i', 'pv_v', 'pv_i', 'mppt', 'SOC']
            .map((k) => `<td>${num(row[k]!, 2)}</td>`)
            .join('') +
          '</tr>',
      )
      .join('');
    // Over the console, as tall as its table's rows box.
    const height = document.querySelector('.ant-table-tbody-virtual')?.getBoundingClientRect().height ?? 600;
    const box = document.createElement('div');
    box.id = 'plain-table';
    box.style.cssText = `position:fixed;inset:80px 40px auto 40px;height:${height}px;overflow:auto;background:#fff;z-index:9999;font:14px sans-serif`;
    box.innerHTML =
      '<table style="border-collapse:collapse;width:100%"><thead><tr><th>S.No.</th><th>Date</th><th>RMS ID</th>' +
      '<th>GSM Signal (%)</th><th>Battery (V)</th><th>Charging (A)</th><th>Load (A)</th><th>PV (V)</th>' +
      `<th>PV (A)</th><th>MPPT (%)</th><th>SOC (%)</th></tr></thead><tbody>${body}</tbody></table>`;
    document.body.append(box);
    // Drawn as the console's table is timed: laid out, at the next frame (which paints it).
    void box.offsetHeight;
    const drawnAt = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    return {
      answered: Math.round(answeredAt - t0),
      drawn: Math.round(drawnAt - t0),
      domRows: box.querySelectorAll('tr').length - 1,
    };
  }, url);
}

const server = await startConsole('table');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  log(
    `report answer: ${rowCount.toLocaleString('en')} rows, ${(answer(rowCount).length / 1e3).toFixed(0)} kB of JSON`,
  );

  const { browser, page } = await signedInPage(server.base, async (page) => {
    // tsx (esbuild, keepNames) wraps the named functions of this file's page code in `__name(fn, name)`:
    // the page needs that helper too.
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.route(/\/api\/v1\/monitoring\/device_report\//, (route) => {
      const size = Number(new URL(route.request().url()).searchParams.get('page_size')) || 20;
      return route.fulfill({ status: 200, contentType: 'application/json', body: answer(size) });
    });
  });
  const base = server.base;

  const results = { choose: [] as number[], open: [] as number[], scroll: [] as number[] };
  const plain = { drawn: [] as number[], scroll: [] as number[] };
  for (let run = 1; run <= runs; run += 1) {
    // 1. From 20 rows per page, choose 2500.
    await page.goto(`${base}/device-report`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.getByLabel('Page Size').click();
    const option = page.getByTitle(`${rowCount} / page`);
    await option.waitFor();
    await page.evaluate(() => {
      const w = window as unknown as Probe;
      w.longest = 0;
      document.addEventListener('pointerdown', () => (w.t0 = performance.now()), {
        capture: true,
        once: true,
      });
    });
    await option.click();
    const chosenDrawn = await clockOf(page.waitForFunction(drawnAt, rowCount, EVERY_FRAME));
    const chosenAt = await page.evaluate(() => (window as unknown as Probe).t0);
    const chosenRequest = await requestTimes(page, rowCount);
    const chooseLongest = await longest(page);
    const choose = Math.round(chosenDrawn - chosenAt);

    // 2. Open the page with 2500 rows per page in its address (a shared link, a reload).
    await page.goto(`${base}/`);
    await page.getByText(/Welcome/).waitFor();
    await page.goto(`${base}/device-report?page_size=${rowCount}`);
    const open = Math.round(await clockOf(page.waitForFunction(drawnAt, rowCount, EVERY_FRAME)));
    const openRequest = await requestTimes(page, rowCount);
    const openLongest = await longest(page);
    const domRows = await page.locator('.ant-table-tbody-virtual .ant-table-row').count();

    // 3. Fling to the last row.
    const scroll = await flingToEnd(
      page,
      '.ant-table-tbody-virtual',
      '.ant-table-tbody-virtual .ant-table-row > :first-child',
      rowCount,
    );
    const scrollLongest = await longest(page);

    // 4. The yardstick in the same page: a plain table of the same answer, then its scroll.
    await resetLongest(page);
    const yardstick = await plainTable(
      page,
      `${base}/api/v1/monitoring/device_report/?page=1&page_size=${rowCount}`,
    );
    const plainLongest = await longest(page);
    const plainScroll = await flingToEnd(page, '#plain-table', '#plain-table .serial', rowCount);

    results.choose.push(choose);
    results.open.push(open);
    results.scroll.push(scroll);
    plain.drawn.push(yardstick.drawn);
    plain.scroll.push(plainScroll);
    /** When the request was sent and answered, from `from`, and the answer → drawn (ms). */
    const request = (times: { sent: number; answered: number } | null, from: number, drawn: number) =>
      times
        ? `request sent after ${Math.round(times.sent - from)} ms, answered after ` +
          `${Math.round(times.answered - from)} ms, answer → drawn ${Math.round(from + drawn - times.answered)} ms`
        : 'request not in resource timing';
    log(
      `run ${run}: choose 2500/page → drawn ${choose} ms (${request(chosenRequest, chosenAt, choose)}, ` +
        `longest task ${chooseLongest} ms); open ?page_size=${rowCount} → drawn ${open} ms ` +
        `(${request(openRequest, 0, open)}, longest task ${openLongest} ms, ${domRows} rows in the DOM); ` +
        `fling to row ${rowCount} ${scroll} ms (longest task ${scrollLongest} ms) | plain table: ` +
        `fetch → drawn ${yardstick.drawn} ms (answer after ${yardstick.answered} ms, ` +
        `answer → drawn ${yardstick.drawn - yardstick.answered} ms, longest task ${plainLongest} ms, ` +
        `${yardstick.domRows} rows in the DOM); fling to row ${rowCount} ${plainScroll} ms`,
    );
  }
  const ratio = (a: number[], b: number[]) => (median(a) / Math.max(1, median(b))).toFixed(2);
  log(
    `median of ${runs}: choose → drawn ${median(results.choose)} ms, open → drawn ${median(results.open)} ms, ` +
      `fling ${median(results.scroll)} ms; plain table fetch → drawn ${median(plain.drawn)} ms, ` +
      `fling ${median(plain.scroll)} ms; ratio console/plain: choose ${ratio(results.choose, plain.drawn)}, ` +
      `fling ${ratio(results.scroll, plain.scroll)}`,
  );
  log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  await browser.close();
} finally {
  server.stop();
}
