// Loading and exporting MenuLevel.nmo in the viewer page (headless Chromium,
// the built folder from file://, the WebAssembly module) against the native
// CLI doing the same work (`retroanim export FILE --out OUT.glb`), in one run:
// alternated rounds; the page's time is the viewer's own measure
// (lastOpen.convertMs: the module loading the bytes and exporting the .glb,
// the file already read), the CLI's its process's wall time (start, read,
// load, export, write). docs/PERFORMANCE.md, "WebAssembly".
//   node bench/js/page_vs_cli.mjs [--cli build/release/retroanim] [--page build/wasm/viewer]
//        [--file ../shared/data/ballance/MenuLevel.nmo] [--rounds 7] [--chromium /usr/bin/chromium]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const opt = { cli: path.join(repo, 'build/release/retroanim'), page: path.join(repo, 'build/wasm/viewer'),
  file: path.resolve(repo, '..', 'shared/data/ballance/MenuLevel.nmo'), rounds: 7, chromium: '/usr/bin/chromium' };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const k = argv[i].replace(/^--/, '');
  if (!(k in opt) || i + 1 >= argv.length) { console.error(`page_vs_cli: bad option ${argv[i]}`); process.exit(1); }
  opt[k] = k === 'rounds' ? Number(argv[i + 1]) : argv[i + 1];
}
const tmp = mkdtempSync(path.join(os.tmpdir(), 'retroanim-page-bench-'));
const require = createRequire(path.join(repo, 'tools/viewer/package.json'));
const puppeteer = require('puppeteer-core');
const browser = await puppeteer.launch({ executablePath: opt.chromium, headless: true, userDataDir: path.join(tmp, 'profile'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--enable-unsafe-swiftshader'] });
const page = await browser.newPage();
await page.goto(pathToFileURL(path.join(opt.page, 'index.html')).href, { waitUntil: 'load' });
await page.evaluate(() => window.retroanimViewer.ready);
const inPage = async () => {
  const before = await page.evaluate(() => (window.retroanimViewer.lastOpen || { index: 0 }).index);
  await (await page.$('#file-input')).uploadFile(opt.file);
  await page.waitForFunction((n) => window.retroanimViewer.lastOpen && window.retroanimViewer.lastOpen.index > n, { timeout: 120000 }, before);
  const r = await page.evaluate(() => window.retroanimViewer.lastOpen);
  if (!r.ok) throw new Error(r.error);
  return r.convertMs;
};
const cli = () => {
  const t0 = process.hrtime.bigint();
  execFileSync(opt.cli, ['export', opt.file, '--out', path.join(tmp, 'out.glb')], { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - t0) / 1e6;
};
await inPage();  // the module compiled and instantiated once, as a page does on its first file
const runs = { page: [], cli: [] };
for (let r = 0; r < opt.rounds; ++r) {
  for (const which of r % 2 ? ['cli', 'page'] : ['page', 'cli']) runs[which].push(which === 'page' ? await inPage() : cli());
}
await browser.close();
rmSync(tmp, { recursive: true, force: true });
const median = (v) => { const s = [...v].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const f = (x) => x.toFixed(1);
const p = median(runs.page), c = median(runs.cli);
console.log(`${path.basename(opt.file)}: load + export to .glb, ${opt.rounds} alternated rounds`);
console.log(`  page (wasm, Chromium): median ${f(p)} ms (${f(Math.min(...runs.page))}..${f(Math.max(...runs.page))})`);
console.log(`  CLI (native process):  median ${f(c)} ms (${f(Math.min(...runs.cli))}..${f(Math.max(...runs.cli))})`);
console.log(`  page / CLI: ${(p / c).toFixed(2)}x`);
