// The glTF validation tests (ctest runs one case each; tests/CMakeLists.txt):
// every file exported here must pass the Khronos glTF-Validator with 0 errors
// and 0 warnings, and read back (readback.mjs) within 1e-5 of retroanim's own
// sampling. Usage: node gltf_cases.mjs CASE CLI WORK_DIR BALLANCE_DIR
//   demo       the demo's .nmo and dat (retroanim demo) and its .glb outputs,
//              plus .gltf (embedded and external buffer) variants
//   menulevel  MenuLevel.nmo; both behaviour runs (ck play --gltf)
//   balloon    PH/PE_Balloon.nmo
//   ballance   every .nmo / .cmo under BALLANCE_DIR
// Cases needing the game files exit 77 (skipped) when they are absent.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
if (!existsSync(path.join(here, 'node_modules', 'gltf-validator')) ||
    !existsSync(path.join(here, 'node_modules', '@gltf-transform', 'core'))) {
  console.error(`gltf tests: ${here}/node_modules is missing: run scripts/bootstrap.sh (npm ci in tools/node)`);
  process.exit(1);
}
const { validate } = await import('./validate.mjs');

const [kase, cli, work, ballanceArg] = process.argv.slice(2);
const ballance = process.env.RETROANIM_BALLANCE_DIR || ballanceArg;
const dir = path.join(work, kase);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

let files = 0;
const run = (args) => execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
async function valid(file) {
  const { report, bad } = await validate(file);
  if (bad.length) {
    for (const m of bad) console.error(`  ${m.severity === 0 ? 'error' : 'warning'} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
    throw new Error(`${file}: ${report.issues.numErrors} errors, ${report.issues.numWarnings} warnings`);
  }
  files++;
  console.log(`${file}: valid (0 errors, 0 warnings, ${report.issues.numInfos} infos)`);
}
function readback(...args) {
  const out = execFileSync(process.execPath, [path.join(here, 'readback.mjs'), cli, ...args], { encoding: 'utf8' });
  process.stdout.write(out);
}
async function exportCk(file, name, extra = []) {
  const out = path.join(dir, name);
  run(['export', file, '--out', out, ...extra]);
  await valid(out);
  readback('ck', file, out);
}
// A 24-bit BMP of w x h pixels of one colour (texture images made at test time).
function bmp(w, h, rgb) {
  const row = Math.ceil(w * 3 / 4) * 4, b = Buffer.alloc(54 + row * h);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2); b.writeUInt32LE(54, 10); b.writeUInt32LE(40, 14);
  b.writeInt32LE(w, 18); b.writeInt32LE(h, 22); b.writeUInt16LE(1, 26); b.writeUInt16LE(24, 28);
  b.writeUInt32LE(row * h, 34);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) b.set([rgb[2], rgb[1], rgb[0]], 54 + y * row + 3 * x);
  return b;
}
// The glTF JSON of a .glb (its first chunk).
const glbJson = (file) => { const b = readFileSync(file); return JSON.parse(b.subarray(20, 20 + b.readUInt32LE(12)).toString('utf8')); };
function needBallance(rel) {
  const p = ballance ? path.join(ballance, rel) : '';
  if (!p || !existsSync(p)) {
    console.log(`skipped: Ballance file ${rel} not found (set RETROANIM_BALLANCE_DIR or provide ../shared/data/ballance)`);
    process.exit(77);
  }
  return p;
}
async function plays(file, runs = [['menu-camera', '90', 'menu-camera'], ['stone', '130', 'stone']]) {
  for (const [scenario, seconds, label] of runs) {
    const glb = path.join(dir, `play_${label}.glb`);
    const trace = path.join(dir, `play_${label}.jsonl`);
    writeFileSync(trace, run(['ck', 'play', file, '--scenario', scenario, '--seconds', seconds, '--json', '--gltf', glb]));
    await valid(glb);
    readback('play', glb, trace);
  }
}

try {
  if (kase === 'demo') {
    const demo = path.join(dir, 'demo');
    run(['demo', '--out', demo]);
    const nmo = path.join(demo, 'ck_play_demo.nmo');
    const dat = path.join(demo, 'ac', 'demo.dat');
    for (const glb of ['ck_play_demo.glb', 'ac_demo.glb']) await valid(path.join(demo, glb));
    readback('ck', nmo, path.join(demo, 'ck_play_demo.glb'));
    readback('ac', dat, path.join(demo, 'ac_demo.glb'));
    await exportCk(nmo, 'demo_embedded.gltf');
    await exportCk(nmo, 'demo_external.gltf', ['--external-buffer']);
    await exportCk(nmo, 'demo_curve.glb', ['--name', 'I_MenuLevel_Curve']);
    // The demo's scripts, run as saved (the keyed UFO rig through Play Global Animation).
    await plays(nmo, [['{"script": {"name": "MenuLevel_Init"}, "record": ["Cam_MenuLevel"]}', '50', 'menu-camera'],
                      ['{"script": {"name": "Ball_Stone Script"}, "record": ["I_Ball_Stone"]}', '20', 'stone'],
                      ['{"script": {"name": "UFO Script"}, "record": ["UFO_Body", "UFO_Arm_1", "UFO_Arm_2", "UFO_Arm_3"]}',
                       '4', 'ufo']]);
    for (const id of ['0x03000010', '0x03000011', '0x03000012', '0x03000013', '0x03000014']) {
      const out = path.join(dir, `ac_${id}.glb`);
      run(['export', dat, '--animation', id, '--fps', '30', '--out', out]);
      await valid(out);
      readback('ac', dat, out);
    }
    const both = path.join(dir, 'ac_setup_anim.gltf');
    run(['export', dat, '--setup', '0x02000001', '--animation', '0x03000011', '--motion-table', '0x09000001', '--out', both]);
    await valid(both);
    readback('ac', dat, both);
  } else if (kase === 'menulevel') {
    const f = needBallance('MenuLevel.nmo');
    await exportCk(f, 'MenuLevel.glb');
    await exportCk(f, 'MenuLevel_record.glb', ['--name', 'Record Anim']);
    await exportCk(f, 'MenuLevel_nomeshes.glb', ['--no-meshes']);
    // Every texture's image, made here (upper-case names: looked up as on Windows), embedded as PNG.
    const tex = path.join(dir, 'Textures');
    mkdirSync(tex, { recursive: true });
    const textures = JSON.parse(run(['ck', 'info', f, '--json', '--class', '31'])).objects;
    textures.forEach((o, i) => { if (o.file_name) writeFileSync(path.join(tex, o.file_name.toUpperCase()), bmp(8, 4, [i * 7, 255 - i * 7, 128])); });
    await exportCk(f, 'MenuLevel_textured.glb', ['--textures', tex]);
    const images = glbJson(path.join(dir, 'MenuLevel_textured.glb')).images ?? [];
    if (images.length < 20 || images.some((im) => im.mimeType !== 'image/png'))
      throw new Error(`MenuLevel_textured.glb: ${images.length} images, expected every used texture as PNG`);
    console.log(`MenuLevel_textured.glb: ${images.length} PNG images embedded`);
    await plays(f);
  } else if (kase === 'balloon') {
    await exportCk(needBallance('PH/PE_Balloon.nmo'), 'PE_Balloon.glb');
  } else if (kase === 'ballance') {
    if (!ballance || !existsSync(ballance)) needBallance('.');
    const all = [];
    const walk = (d) => {
      for (const e of readdirSync(d)) {
        const p = path.join(d, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(nmo|cmo)$/i.test(e)) all.push(p);
      }
    };
    walk(ballance);
    if (!all.length) throw new Error(`${ballance}: no .nmo or .cmo file`);
    for (const f of all.sort()) await exportCk(f, path.relative(ballance, f).replace(/[\\/]/g, '_') + '.glb');
  } else {
    throw new Error(`unknown case ${kase}`);
  }
} catch (e) {
  console.error(`gltf ${kase}: ${e.stderr ?? ''}${e.message}`);
  process.exit(1);
}
console.log(`gltf ${kase}: ${files} files valid and read back`);
