/// <reference lib="dom" />
import { parseArgs } from 'node:util';
import { log, seededRandom, signedInPage, startConsole, type LongTaskProbe } from './console-bench';

// bench/browser/map-draw: how long the built console's Map View takes to draw a large fleet. The real
// server serves the built console (run `npm run build -w @rms/web` first) on a fresh embedded database;
// the map's data (`GET monitoring/map/`) is answered by a route stub with N devices spread over
// northern India (a few percent offline or on error), and no tile server is reachable. Printed: from
// navigation to the first clusters on screen, from the map's answer to the first clusters, and the
// redraws after a zoom-in and a pan (supercluster index queries only; the index is built once).
//
//   node --import tsx bench/browser/map-draw.ts [--devices 100000] [--runs 3]

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
  },
});
const deviceCount = Number(args.devices);
const runs = Number(args.runs);
/** A deterministic fleet: clumps of devices around 40 towns, like real projects. */
function fleet(count: number) {
  const random = seededRandom(42);
  const towns = Array.from({ length: 40 }, () => ({ lat: 24 + random() * 8, lon: 73 + random() * 10 }));
  const statuses = ['Online', 'Offline', 'On Error'] as const;
  const data = Array.from({ length: count }, (_, i) => {
    const town = towns[i % towns.length]!;
    const roll = random();
    return {
      lat: +(town.lat + (random() - 0.5) * 0.4).toFixed(6),
      lon: +(town.lon + (random() - 0.5) * 0.4).toFixed(6),
      RMS_ID: `RMS-${String(i + 1).padStart(6, '0')}`,
      gsm_sig: Math.round(random() * 100),
      status: statuses[roll < 0.94 ? 0 : roll < 0.98 ? 1 : 2],
      last_add_on: new Date(Date.now() - random() * 3_600_000).toISOString(),
      device: i + 1,
    };
  });
  return {
    data,
    extra_data: {
      center_latitude: 28.6479,
      center_longitude: 77.2031,
      tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tile_attribution: 'OpenStreetMap contributors',
    },
  };
}

const server = await startConsole('map');

try {
  const body = JSON.stringify(fleet(deviceCount));
  log(
    `map answer: ${deviceCount.toLocaleString('en')} devices, ${(body.length / 1e6).toFixed(1)} MB of JSON`,
  );

  const { browser, page } = await signedInPage(server.base, async (page) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.route(/\/api\/v1\/monitoring\/map\//, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
  });
  const base = server.base;

  for (let run = 1; run <= runs; run += 1) {
    await page.goto(`${base}/`);
    await page.getByText(/Welcome/).waitFor();
    const start = Date.now();
    const answered = page.waitForResponse(/\/api\/v1\/monitoring\/map\//);
    await page.goto(`${base}/map-view`);
    await answered;
    const answeredAt = Date.now();
    await page.locator('.fleet-map-cluster').first().waitFor();
    const drawnAt = Date.now();
    const clusters = await page.locator('.fleet-map-cluster').count();
    const longest = await page.evaluate(() => Math.round((window as unknown as LongTaskProbe).longest));

    // Each redraw of the marker layer stamps the page's clock.
    await page.evaluate(() => {
      const w = window as unknown as { lastDraw: number };
      w.lastDraw = 0;
      new MutationObserver(() => (w.lastDraw = performance.now())).observe(
        document.querySelector('.leaflet-marker-pane')!,
        { childList: true },
      );
    });
    const redraw = async (act: () => Promise<void>) => {
      const t0 = await page.evaluate(() => performance.now());
      await act();
      await page.waitForFunction((t) => (window as unknown as { lastDraw: number }).lastDraw > t, t0);
      await page.waitForTimeout(300); // a drag-pan ends with inertia: take the last redraw
      const t1 = await page.evaluate(() => (window as unknown as { lastDraw: number }).lastDraw);
      return Math.round(t1 - t0);
    };
    const zoom = await redraw(() => page.getByRole('button', { name: 'Zoom in' }).click());
    const map = (await page.getByRole('region', { name: 'Map of devices' }).boundingBox())!;
    const pan = await redraw(async () => {
      await page.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
      await page.mouse.down();
      await page.mouse.move(map.x + map.width / 2 - 300, map.y + map.height / 2 - 150, { steps: 10 });
      await page.mouse.up();
    });
    log(
      `run ${run}: navigation → clusters drawn ${drawnAt - start} ms ` +
        `(answer received after ${answeredAt - start} ms, answer → drawn ${drawnAt - answeredAt} ms, ` +
        `${clusters} clusters on screen, longest main-thread task ${longest} ms); zoom-in → redrawn ${zoom} ms (Leaflet animates 250 ms of it); ` +
        `drag-pan start → last redraw ${pan} ms`,
    );
  }
  await browser.close();
} finally {
  server.stop();
}
