// The built viewer folder (build/wasm/viewer) in headless Chromium, opened
// from file://: MenuLevel.nmo goes in through the file input, is converted in
// the page by the WebAssembly module, and the page must list the animations
// of `retroanim export`'s file and put the animated nodes where
// `retroanim ck anim --json` puts their entities (glTF's z = -z) at several
// times; a bad file must show the library's one-line message (the CLI's) in
// the status line, with no page error or console error.
//
// Environment (ctest wasm_page): RETROANIM_CLI, RETROANIM_VIEWER_PAGE (the
// folder), RETROANIM_BALLANCE_DIR, RETROANIM_TEST_TMP, RETROANIM_CHROMIUM
// (default /usr/bin/chromium), RETROANIM_VIEWER_MODULES (tools/viewer, for
// puppeteer-core).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const cli = process.env.RETROANIM_CLI || path.join(repo, 'build', 'release', 'retroanim');
const pageDir = process.env.RETROANIM_VIEWER_PAGE || path.join(repo, 'build', 'wasm', 'viewer');
const ballance = process.env.RETROANIM_BALLANCE_DIR || path.resolve(repo, '..', 'shared', 'data', 'ballance');
const tmp = process.env.RETROANIM_TEST_TMP || path.join(repo, 'build', 'wasm', 'test-tmp');
const chromium = process.env.RETROANIM_CHROMIUM || '/usr/bin/chromium';
const modules = process.env.RETROANIM_VIEWER_MODULES || path.join(repo, 'tools', 'viewer');
const menuLevel = path.join(ballance, 'MenuLevel.nmo');
mkdirSync(tmp, { recursive: true });

const skip = !existsSync(menuLevel) ? `${menuLevel} not found (RETROANIM_BALLANCE_DIR)`
  : !existsSync(chromium) ? `${chromium} not found (scripts/bootstrap.sh installs chromium)` : false;

const run = (args) => execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });

// The animations of the CLI's export of `file` (the .glb's JSON chunk).
function exportedAnimations(file) {
  const out = path.join(tmp, 'page_' + path.basename(file) + '.glb');
  run(['export', file, '--out', out]);
  const b = readFileSync(out);
  return JSON.parse(b.subarray(20, 20 + b.readUInt32LE(12)).toString()).animations.map((a) => a.name);
}

test('the viewer folder from file://: MenuLevel.nmo through the file input, as the CLI', { skip }, async () => {
  const require = createRequire(path.join(path.resolve(modules), 'package.json'));
  const puppeteer = require('puppeteer-core');
  const profile = path.join(tmp, 'chromium-profile');
  rmSync(profile, { recursive: true, force: true });
  const browser = await puppeteer.launch({
    executablePath: chromium, headless: true, userDataDir: profile,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader', '--window-size=1280,800'],
  });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push('page error: ' + e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push('console error: ' + m.text()); });
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(pathToFileURL(path.join(pageDir, 'index.html')).href, { waitUntil: 'load', timeout: 60000 });
    await page.waitForFunction('window.retroanimViewer && window.retroanimViewer.ready', { timeout: 60000 });
    await page.evaluate(() => window.retroanimViewer.ready);

    const open = async (file) => {
      const before = await page.evaluate(() => (window.retroanimViewer.lastOpen || { index: 0 }).index);
      const input = await page.$('#file-input');
      await input.uploadFile(file);
      await page.waitForFunction((n) => window.retroanimViewer.lastOpen && window.retroanimViewer.lastOpen.index > n,
        { timeout: 120000 }, before);
      return page.evaluate(() => window.retroanimViewer.lastOpen);
    };

    const opened = await open(menuLevel);
    assert.equal(opened.error, null);
    assert.ok(opened.ok && opened.glbBytes > 0, JSON.stringify(opened));
    assert.equal(await page.evaluate(() => document.getElementById('file-name').textContent), 'MenuLevel.nmo');

    // The listed animations: those of the CLI's export, in its order.
    const listed = await page.evaluate(() => window.retroanimViewer.animations());
    assert.deepEqual(listed.map((a) => a.name), exportedAnimations(menuLevel));

    // Node positions at several times: each object animation's entity where
    // `ck anim --frames` puts it (the export samples frame f at f / 30 s).
    const info = JSON.parse(run(['ck', 'info', menuLevel, '--json']));
    const objectAnims = info.objects.filter((o) => o.class_name === 'ObjectAnimation').map((o) => o.name)
      .filter((n) => listed.some((a) => a.name === n));
    assert.ok(objectAnims.length >= 1, 'MenuLevel.nmo has object animations');
    let compared = 0;
    for (const name of objectAnims) {
      const clip = listed.find((a) => a.name === name);
      const lastFrame = Math.floor(clip.duration * 30 + 1e-6);
      const frames = [0, 1, Math.floor(lastFrame / 3), Math.floor(lastFrame / 2), lastFrame];
      const doc = JSON.parse(run(['ck', 'anim', menuLevel, '--name', name, '--frames', frames.join(','), '--json']));
      for (const s of doc.samples) {
        const got = await page.evaluate((a, t) => window.retroanimViewer.sample(a, t), name, s.frame / 30);
        const node = got.nodes.find((n) => n.name === doc.entity);
        assert.ok(node, `${doc.entity} among the animated nodes of ${name}: ${JSON.stringify(got.nodes.map((n) => n.name))}`);
        const want = [s.world[3][0], s.world[3][1], -s.world[3][2]];
        for (let c = 0; c < 3; ++c) {
          assert.ok(Math.abs(node.position[c] - want[c]) <= 1e-4 * Math.max(1, Math.abs(want[c])),
            `${name} frame ${s.frame}: ${doc.entity} component ${c}: page ${node.position[c]}, CLI ${want[c]}`);
        }
        ++compared;
      }
    }
    console.log(`# ${listed.length} animations listed; ${compared} node positions compared with ck anim`);

    // A bad file: the library's one-line message on the page, as the CLI prints it.
    const bad = path.join(tmp, 'Broken.nmo');
    writeFileSync(bad, readFileSync(menuLevel).subarray(0, 5000));
    const failed = await open(bad);
    const expected = spawnSync(cli, ['ck', 'info', bad], { encoding: 'utf8' }).stderr.trim().replace(/^retroanim: /, '')
      .replace(bad, 'Broken.nmo');
    assert.equal(failed.ok, false);
    assert.equal(failed.error, expected);
    assert.equal(await page.evaluate(() => window.retroanimViewer.status()), expected);

    // A portal.dat (the demo's): its first setup with its first motion
    // table's cycles, as `retroanim export DAT --setup S --motion-table M` makes it.
    const demo = path.join(tmp, 'page_demo');
    rmSync(demo, { recursive: true, force: true });
    run(['demo', '--out', demo]);
    const dat = path.join(demo, 'ac', 'demo.dat');
    const datOpen = await open(dat);
    assert.ok(datOpen.ok, JSON.stringify(datOpen));
    const first = (type) => JSON.parse(run(['ac', 'info', dat, '--type', type, '--json'])).entries[0].id;
    const datGlb = path.join(tmp, 'page_demo.glb');
    run(['export', dat, '--setup', first('setup'), '--motion-table', first('mtable'), '--out', datGlb]);
    const b = readFileSync(datGlb);
    const want = JSON.parse(b.subarray(20, 20 + b.readUInt32LE(12)).toString()).animations.map((a) => a.name);
    assert.deepEqual((await page.evaluate(() => window.retroanimViewer.animations())).map((a) => a.name), want);
    assert.equal(datOpen.glbBytes, b.length);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});
