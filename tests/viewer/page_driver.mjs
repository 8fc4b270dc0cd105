// Drives the viewer page in headless Chromium (puppeteer-core from
// tools/viewer/node_modules, the Debian chromium): opens URL, waits for the
// file to load, asks window.retroanimViewer for the animated nodes' world
// positions at the requested (animation, time) pairs, and saves a screenshot
// of the pose of the last request. Prints the answers as one JSON document.
//   node page_driver.mjs --url URL --requests FILE.json --screenshot OUT.png
//        --chromium /usr/bin/chromium --viewer-dir tools/viewer --profile DIR
// FILE.json: [{"animation": NAME, "time": T}, ...]
// With --boxes NAME,NAME...: the picture without the viewer's overlays
// (window.retroanimViewer.overlays(false)), and the output's "boxes" gives
// where those nodes' meshes are drawn ({name: {x0, y0, x1, y1}}) and "canvas"
// where the 3D view is, in the screenshot's pixels.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
for (const k of ['url', 'requests', 'screenshot', 'chromium', 'viewer-dir', 'profile']) {
  if (!args[k]) { console.error(`page_driver: --${k} is required`); process.exit(2); }
}
const require = createRequire(path.join(path.resolve(args['viewer-dir']), 'package.json'));
const puppeteer = require('puppeteer-core');
const requests = JSON.parse(readFileSync(args.requests, 'utf8'));

const browser = await puppeteer.launch({
  executablePath: args.chromium,
  headless: true,
  userDataDir: args.profile,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--enable-unsafe-swiftshader', '--window-size=1280,800'],
});
let code = 0;
try {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
  page.on('requestfailed', (r) => problems.push('request failed: ' + r.url()));
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(args.url, { waitUntil: 'load', timeout: 60000 });
  await page.waitForFunction('window.retroanimViewer && window.retroanimViewer.ready', { timeout: 60000 });
  await page.evaluate(() => window.retroanimViewer.ready);
  const animations = await page.evaluate(() => window.retroanimViewer.animations());
  const webgl = await page.evaluate(() => window.retroanimViewer.webgl);
  const samples = [];
  for (const r of requests) {
    samples.push(await page.evaluate((a, t) => window.retroanimViewer.sample(a, t), r.animation, r.time));
  }
  let boxes, canvas;
  if (args.boxes) {
    await page.evaluate(() => window.retroanimViewer.overlays(false));
    boxes = {};
    for (const name of args.boxes.split(',')) {
      boxes[name] = await page.evaluate((n) => window.retroanimViewer.screenBox(n), name);
    }
    canvas = await page.evaluate(() => window.retroanimViewer.canvasBox());
  }
  // Two frames drawn, then the picture.
  await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
  await page.screenshot({ path: args.screenshot });
  const status = await page.$eval('#status', (e) => e.textContent);
  process.stdout.write(JSON.stringify({ animations, webgl, samples, status, problems, boxes, canvas }) + '\n');
} catch (e) {
  console.error('page_driver: ' + (e && e.stack ? e.stack : e));
  code = 1;
} finally {
  await browser.close();
}
process.exit(code);
