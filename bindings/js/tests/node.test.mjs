// The WebAssembly module against the native CLI (node --test): every
// document, sample and glTF binary the module gives must equal, byte for byte,
// what the native `retroanim` prints or writes for the same file, on the real
// Ballance files (skipped, saying so, when absent) and on the demo's .nmo and
// dat. JSON numbers are shortest round-trip texts, so equal text is equal
// bits; typed arrays are compared bit for bit with the CLI's numbers.
//
// Environment (set by ctest, tests/CMakeLists.txt):
//   RETROANIM_CLI          the native CLI (build/release/retroanim)
//   RETROANIM_WASM_DIR     the module's folder (build/wasm/js)
//   RETROANIM_BALLANCE_DIR the game files (default ../shared/data/ballance beside the checkout)
//   RETROANIM_TEST_TMP     a scratch folder
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const cli = process.env.RETROANIM_CLI || path.join(repo, 'build', 'release', 'retroanim');
const wasmDir = process.env.RETROANIM_WASM_DIR || path.join(repo, 'build', 'wasm', 'js');
const ballance = process.env.RETROANIM_BALLANCE_DIR || path.resolve(repo, '..', 'shared', 'data', 'ballance');
const tmp = process.env.RETROANIM_TEST_TMP || path.join(repo, 'build', 'wasm', 'test-tmp');
mkdirSync(tmp, { recursive: true });

const createRetroanimModule = (await import(pathToFileURL(path.join(wasmDir, 'retroanim.mjs')).href)).default;
const ra = await createRetroanimModule();

function run(args) {
  return execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
}
// The CLI's one-line error for args (it must fail).
function cliError(args) {
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  assert.notEqual(r.status, 0, `${args.join(' ')} should fail`);
  return r.stderr.trim().replace(/^retroanim: /, '');
}
const gameFiles = existsSync(ballance)
  ? readdirSync(ballance).filter((f) => /\.(nmo|cmo)$/i.test(f)).sort().map((f) => path.join(ballance, f))
  : [];
const skipGame = gameFiles.length === 0 ? `no Ballance files in ${ballance} (RETROANIM_BALLANCE_DIR)` : false;

// Steps in and out of [0, 1], on and between keys.
const steps = [0, 0.001, 0.1, 0.25, 1 / 3, 0.5, 0.75, 0.999, 1, -0.5, 1.5];
for (let i = 0; i <= 40; ++i) steps.push(i / 40 + 0.0001 * i);
const at = steps.map((s) => String(Math.fround(s))).join(',');

const f32bits = (x) => new Uint32Array(new Float32Array([x]).buffer)[0];
function assertBits(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: count`);
  for (let i = 0; i < expected.length; ++i) {
    if (f32bits(actual[i]) !== f32bits(expected[i])) {
      assert.fail(`${what}[${i}]: wasm ${actual[i]} (0x${f32bits(actual[i]).toString(16)}), native ${expected[i]} (0x${f32bits(expected[i]).toString(16)})`);
    }
  }
}

// fn on a scene as loaded, as each CLI run has it: SetStep moves an entity,
// and a child's world depends on where its parent was left.
function fresh(bytes, file, fn) {
  const scene = ra.openScene(bytes, file);
  try {
    return fn(scene);
  } finally {
    scene.close();
  }
}

function objectsOf(info, cls) {
  return info.objects.filter((o) => o.class_name === cls).map((o) => o.name);
}

// Everything the module prints or samples for one Virtools file, against the CLI.
function checkScene(file, { exportGlb = true } = {}) {
  const bytes = readFileSync(file);
  const scene = ra.openScene(bytes, file);
  try {
    const info = scene.info();
    assert.equal(scene.objectCount(), info.header.object_count ?? scene.objectCount());
    assert.equal(scene.infoText() + '\n', run(['ck', 'info', file, '--json']), `${file}: ck info --json`);
    const counts = { object: 0, keyed: 0, curve: 0 };
    for (const name of objectsOf(info, 'ObjectAnimation')) {
      const anim = scene.objectAnimation(name);
      if (!anim.entity()) continue;
      const text = fresh(bytes, file, (s) => s.animJson({ name, at }));
      assert.equal(text + '\n', run(['ck', 'anim', file, '--name', name, '--at', at, '--json']), `${file}: ck anim --name ${name}`);
      // The typed-array path gives the JSON's bits, also on a scene as loaded.
      const expected = JSON.parse(text).samples.flatMap((s) => s.world.flat());
      assertBits(fresh(bytes, file, (s) => s.objectAnimation(name).sampleWorlds(steps.map(Math.fround))), expected, `${file}: ${name} sampleWorlds`);
      ++counts.object;
    }
    for (const name of objectsOf(info, 'KeyedAnimation')) {
      assert.equal(fresh(bytes, file, (s) => s.animJson({ keyed: name, at })) + '\n', run(['ck', 'anim', file, '--keyed', name, '--at', at, '--json']),
        `${file}: ck anim --keyed ${name}`);
      // Every frame, where an export samples it.
      const frames = Array.from({ length: Math.min(2000, Math.ceil(scene.keyedAnimation(name).length())) + 1 }, (_, i) => i).join(',');
      assert.equal(fresh(bytes, file, (s) => s.animJson({ keyed: name, frames })) + '\n', run(['ck', 'anim', file, '--keyed', name, '--frames', frames, '--json']),
        `${file}: ck anim --keyed ${name} --frames`);
      ++counts.keyed;
    }
    for (const name of objectsOf(info, 'Curve')) {
      const curve = scene.curve(name);
      if (curve.pointCount() < 2) continue;
      const doc = JSON.parse(run(['ck', 'curve', file, '--name', name, '--at', at, '--json']));
      const { positions, directions } = curve.sample(steps.map(Math.fround), true);
      assertBits(positions, doc.samples.flatMap((s) => s.pos), `${file}: curve ${name} positions`);
      assertBits(directions, doc.samples.flatMap((s) => s.dir), `${file}: curve ${name} directions`);
      assertBits([curve.length()], [doc.length], `${file}: curve ${name} length`);
      ++counts.curve;
    }
    if (exportGlb) {
      // The CLI exports a copy alone in a folder: the module has no file
      // system, so external texture images (beside the file, in the game's
      // Textures folders) are not found by either.
      const alone = path.join(tmp, 'alone');
      rmSync(alone, { recursive: true, force: true });
      mkdirSync(alone);
      const copy = path.join(alone, path.basename(file));
      writeFileSync(copy, bytes);
      const out = path.join(tmp, path.basename(file) + '.glb');
      run(['export', copy, '--out', out]);
      // As loaded, as the CLI exports it.
      assert.ok(Buffer.from(fresh(bytes, file, (s) => s.exportGlb())).equals(readFileSync(out)), `${file}: export .glb: the same bytes`);
    }
    return counts;
  } finally {
    scene.close();
  }
}

test('the module is the CLI\'s version', () => {
  assert.equal(`retroanim ${ra.version()}`, run(['--version']).trim().split('\n')[0].replace(/^retroanim version /, 'retroanim '));
});

test('the ck bench workload (Record Anim-shaped tracks, sample_world_batch): the native checksum', () => {
  // The module's batch kernel (WebAssembly SIMD) against the native one
  // (AVX2 on x86 where present): the same matrices, bit for bit, tick after tick.
  for (const [tracks, ticks] of [[4096, 20], [1000, 7], [37, 300]]) {
    const native = JSON.parse(run(['ck', 'bench', '--tracks', String(tracks), '--ticks', String(ticks), '--threads', '1', '--json']));
    assert.equal(ra.ckBench(tracks, ticks).checksum, native.checksum, `${tracks} tracks, ${ticks} ticks`);
  }
});

test('the Ballance files: ck info, ck anim (object and keyed), ck curve and export, as the CLI', { skip: skipGame }, () => {
  const total = { object: 0, keyed: 0, curve: 0 };
  for (const file of gameFiles) {
    const c = checkScene(file);
    for (const k of Object.keys(total)) total[k] += c[k];
  }
  // MenuLevel.nmo alone has two object animations and the menu curves.
  assert.ok(total.object >= 2 && total.curve >= 1, JSON.stringify(total));
  console.log(`# compared ${total.object} object animations, ${total.keyed} keyed animations, ${total.curve} curves in ${gameFiles.length} files`);
});

test('MenuLevel.nmo\'s saved script, played as `ck play --json` plays it', { skip: skipGame }, () => {
  const file = path.join(ballance, 'MenuLevel.nmo');
  const scenario = '{"script": {"name": "MenuLevel_Init"}, "record": ["Cam_MenuLevel"], "context": []}';
  const lines = run(['ck', 'play', file, '--scenario', scenario, '--seconds', '2', '--json']).trimEnd().split('\n');
  const scene = ra.openScene(readFileSync(file), file);
  const player = scene.play(scenario);
  assert.deepEqual(player.recorded(), ['Cam_MenuLevel']);
  for (let i = 0; i < lines.length; ++i) {
    player.step(1000 / 60);
    assert.equal(player.frameJson(), lines[i], `frame ${i + 1}`);
  }
  player.free();
  scene.close();
});

test('the demo\'s .nmo and dat: anim, scripts, info and export, as the CLI', () => {
  const demo = path.join(tmp, 'demo');
  rmSync(demo, { recursive: true, force: true });
  run(['demo', '--out', demo]);
  const nmo = path.join(demo, 'ck_play_demo.nmo');
  const c = checkScene(nmo);
  assert.ok(c.object >= 1 && c.keyed >= 1, JSON.stringify(c));
  const scene = ra.openScene(readFileSync(nmo), nmo);
  const scenario = '{"script": {"name": "UFO Script"}, "record": ["UFO_Body", "UFO_Arm_1", "UFO_Arm_2", "UFO_Arm_3"], "context": []}';
  const lines = run(['ck', 'play', nmo, '--scenario', scenario, '--seconds', '4', '--json']).trimEnd().split('\n');
  const player = scene.play(scenario);
  for (let i = 0; i < lines.length; ++i) {
    player.step(1000 / 60);
    assert.equal(player.frameJson(), lines[i], `${nmo}: UFO Script frame ${i + 1}`);
  }
  player.free();
  scene.close();

  const datFile = path.join(demo, 'ac', 'demo.dat');
  const dat = ra.openDat(readFileSync(datFile), datFile);
  assert.equal(ra.fileKind(readFileSync(datFile)), 'ac');
  const info = dat.info();
  assert.deepEqual(info.header, JSON.parse(run(['ac', 'info', datFile, '--json'])).header);
  const listed = (t) => JSON.parse(run(['ac', 'info', datFile, '--type', t, '--json'])).entries;
  assert.deepEqual(info.entries, [...listed('setup'), ...listed('anim'), ...listed('mtable')]);
  const cases = [
    [{ animation: 0x03000011, fps: 30 }, ['--animation', '0x03000011', '--fps', '30']],
    [{ setup: 0x02000001 }, ['--setup', '0x02000001']],
    [{ setup: 0x02000001, animation: 0x03000011, motionTable: 0x09000001 },
      ['--setup', '0x02000001', '--animation', '0x03000011', '--motion-table', '0x09000001']],
  ];
  for (const [opts, args] of cases) {
    const out = path.join(tmp, 'ac_case.glb');
    run(['export', datFile, ...args, '--out', out]);
    assert.ok(Buffer.from(dat.exportGlb(opts)).equals(readFileSync(out)), `export ${args.join(' ')}: the same bytes`);
  }
  dat.close();
});

test('bad input: the library\'s one-line message, as the CLI prints it', () => {
  const demo = path.join(tmp, 'demo');
  const nmo = path.join(demo, 'ck_play_demo.nmo');
  if (!existsSync(nmo)) run(['demo', '--out', demo]);
  const bytes = readFileSync(nmo);
  const cases = [[path.join(tmp, 'cut.nmo'), bytes.subarray(0, Math.floor(bytes.length / 2))],
    [path.join(tmp, 'noise.nmo'), new Uint8Array(64).fill(7)]];
  for (const [file, data] of cases) {
    writeFileSync(file, data);
    const expected = cliError(['ck', 'info', file]);
    assert.throws(() => ra.openScene(data, file), (e) => e instanceof ra.RetroanimError && e.message === expected && e.codeName === 'RA_ERR_INPUT');
  }
  const scene = ra.openScene(bytes, nmo);
  assert.throws(() => scene.animJson({ name: 'no such animation', at: '0' }),
    (e) => e.message === cliError(['ck', 'anim', nmo, '--name', 'no such animation', '--at', '0']));
  assert.throws(() => scene.animJson({ keyed: 'UFO_Animation', at: '0,x' }),
    (e) => e.message === cliError(['ck', 'anim', nmo, '--keyed', 'UFO_Animation', '--at', '0,x']));
  assert.throws(() => scene.curve('nope'), (e) => e.codeName === 'RA_ERR_NOT_FOUND' && e.message === "no curve named 'nope'");
  scene.close();
  const garbage = new Uint8Array(4096).fill(1);
  assert.throws(() => ra.openDat(garbage, 'junk.dat'), (e) => e instanceof ra.RetroanimError && e.message.startsWith('junk.dat'));
});

test('examples/js/anim.mjs prints exactly `ck anim ... --json`', { skip: skipGame }, () => {
  const file = path.join(ballance, 'MenuLevel.nmo');
  const example = path.join(repo, 'examples', 'js', 'anim.mjs');
  const env = { ...process.env, RETROANIM_WASM_DIR: wasmDir };
  for (const name of objectsOf(JSON.parse(run(['ck', 'info', file, '--json'])), 'ObjectAnimation')) {
    const args = [file, '--name', name, '--at', '0,0.25,0.5,0.75,1'];
    const got = execFileSync(process.execPath, [example, ...args], { encoding: 'utf8', env });
    assert.equal(got, run(['ck', 'anim', ...args, '--json']), name);
  }
  const r = spawnSync(process.execPath, [example, file, '--name', 'nope', '--at', '0'], { encoding: 'utf8', env });
  assert.equal(r.status, 2);
  assert.equal(r.stderr, spawnSync(cli, ['ck', 'anim', file, '--name', 'nope', '--at', '0', '--json'], { encoding: 'utf8' }).stderr);
});
