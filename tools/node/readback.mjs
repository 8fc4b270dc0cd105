// Reads an exported glTF back with an independent reader (@gltf-transform/core)
// and checks every animated node's matrix at 200 times per animation against
// retroanim's own sampling (the CLI's JSON), through the identities of
// docs/formats/gltf-export.md:
//   Virtools   G = C·Wᵀ·C, C = diag(1, 1, -1, 1)  (W: `ck anim --json` world, rows)
//   AC         G = A·F·A⁻¹, A: (x, y, z) -> (x, z, -y)  (F: `ac info --id --json` frames)
//   ck play    G = C·Wᵀ·C against the run's `--json` trace
//   meshes     each object's triangles against its mesh's faces (`ck info --json`)
// within 1e-5 (relative to max(1, |value|), so relative for translations).
// The glTF samplers are evaluated here as the glTF 2.0 specification defines
// them (STEP, LINEAR with slerp for rotations, CUBICSPLINE), not with
// retroanim's code.
//
// Usage:
//   node readback.mjs CLI ck FILE.nmo OUT.glb
//   node readback.mjs CLI ac DAT OUT.glb
//   node readback.mjs CLI play OUT.glb TRACE.jsonl
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { NodeIO } from '@gltf-transform/core';

const TOL = 1e-5;
const SAMPLES = 200;

// ---- 4x4 matrices, column-major as glTF stores them ----
const ident = () => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
function mul(a, b) {
  const r = new Array(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let rr = 0; rr < 4; rr++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[k * 4 + rr] * b[c * 4 + k];
      r[c * 4 + rr] = s;
    }
  return r;
}
// Column-major rotation matrix of a quaternion (x, y, z, w), normalised.
function quatMat(q) {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  const [x, y, z, w] = n ? q.map((v) => v / n) : [0, 0, 0, 1];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y), 0,
    2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x), 0,
    2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y), 0,
    0, 0, 0, 1,
  ];
}
function trs(t, r, s) {
  const m = quatMat(r);
  for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) m[c * 4 + k] *= s[c];
  m[12] = t[0]; m[13] = t[1]; m[14] = t[2];
  return m;
}
// C·Wᵀ·C of a Virtools row-vector matrix given as rows.
function ckIdentity(rows) {
  const c = [1, 1, -1, 1];
  const g = new Array(16);
  for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) g[j * 4 + i] = c[i] * c[j] * rows[j][i];
  return g;
}
// A·F·A⁻¹ of an AC frame (origin, client quaternion w, x, y, z).
const A = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];  // columns: x->x, y->-z, z->y
const Ainv = [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1];
function acFrame(origin, wxyz) {
  const [w, x, y, z] = wxyz;
  const f = quatMat([x, y, z, w]);
  f[12] = origin[0]; f[13] = origin[1]; f[14] = origin[2];
  return f;
}
const acIdentity = (f) => mul(mul(A, f), Ainv);

function compare(what, got, want) {
  let worst = 0;
  for (let i = 0; i < 16; i++) {
    const d = Math.abs(got[i] - want[i]) / Math.max(1, Math.abs(want[i]));
    worst = Math.max(worst, d);
  }
  if (!(worst <= TOL)) {
    throw new Error(`${what}: glTF matrix differs from retroanim's by ${worst.toExponential(3)} (> ${TOL})\n` +
      `  glTF      ${got.map((v) => v.toFixed(6)).join(' ')}\n  retroanim ${want.map((v) => v.toFixed(6)).join(' ')}`);
  }
  return worst;
}

// ---- glTF sampling, as the specification defines it ----
function slerp(a, b, u) {
  let d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  let s = 1;
  if (d < 0) { d = -d; s = -1; }
  let k0, k1;
  if (d > 1 - 1e-12) { k0 = 1 - u; k1 = u; } else {
    const th = Math.acos(Math.min(1, d)), st = Math.sin(th);
    k0 = Math.sin((1 - u) * th) / st; k1 = Math.sin(u * th) / st;
  }
  const r = [0, 1, 2, 3].map((i) => k0 * a[i] + s * k1 * b[i]);
  const n = Math.hypot(...r);
  return r.map((v) => v / n);
}
function sample(sampler, path, t) {
  const times = sampler.getInput().getArray();
  const out = sampler.getOutput().getArray();
  const n = path === 'rotation' ? 4 : 3;
  const interp = sampler.getInterpolation();
  const cubic = interp === 'CUBICSPLINE';
  // CUBICSPLINE stores in-tangent, value, out-tangent per key.
  const el = (i, k) => Array.from(out.slice((i * 3 + k) * n, (i * 3 + k) * n + n));
  const val = (i) => cubic ? el(i, 1) : Array.from(out.slice(i * n, i * n + n));
  if (t <= times[0]) return val(0);
  const last = times.length - 1;
  if (t >= times[last]) return val(last);
  let lo = 0, hi = last;
  while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (times[mid] <= t) lo = mid; else hi = mid; }
  if (interp === 'STEP') return val(lo);
  const dt = times[hi] - times[lo];
  const u = (t - times[lo]) / dt;
  if (cubic) {
    // glTF 2.0, Appendix C: the Hermite spline of the two values and the
    // tangents scaled by the keys' distance; rotations normalised.
    const u2 = u * u, u3 = u2 * u;
    const v0 = val(lo), b0 = el(lo, 2), v1 = val(hi), a1 = el(hi, 0);
    const r = v0.map((v, i) => (2 * u3 - 3 * u2 + 1) * v + (u3 - 2 * u2 + u) * dt * b0[i] +
      (-2 * u3 + 3 * u2) * v1[i] + (u3 - u2) * dt * a1[i]);
    if (path !== 'rotation') return r;
    const len = Math.hypot(...r);
    return r.map((v) => v / len);
  }
  const a = val(lo), b = val(hi);
  if (path === 'rotation') return slerp(a, b, u);
  return a.map((v, i) => v + (b[i] - v) * u);
}

// Node local matrices at time t of one animation (others at rest), and worlds.
function makeScene(doc, rawNodes) {
  const nodes = doc.getRoot().listNodes();
  const index = new Map(nodes.map((n, i) => [n, i]));
  const parent = new Array(nodes.length).fill(-1);
  nodes.forEach((n, i) => n.listChildren().forEach((c) => { parent[index.get(c)] = i; }));
  const rest = nodes.map((n, i) => rawNodes[i].matrix ? rawNodes[i].matrix.slice()
    : trs(n.getTranslation(), n.getRotation(), n.getScale()));
  return {
    nodes, index,
    worlds(anim, t) {
      const local = rest.slice();
      const parts = new Map();
      if (anim) for (const ch of anim.listChannels()) {
        const i = index.get(ch.getTargetNode());
        if (rawNodes[i].matrix) throw new Error(`node ${i} is animated but has a matrix`);
        const p = parts.get(i) ?? { t: nodes[i].getTranslation(), r: nodes[i].getRotation(), s: nodes[i].getScale() };
        const v = sample(ch.getSampler(), ch.getTargetPath(), typeof t === 'function' ? t(ch.getSampler()) : t);
        if (ch.getTargetPath() === 'translation') p.t = v; else if (ch.getTargetPath() === 'rotation') p.r = v; else p.s = v;
        parts.set(i, p);
      }
      for (const [i, p] of parts) local[i] = trs(p.t, p.r, p.s);
      const world = new Array(nodes.length);
      const w = (i) => world[i] ?? (world[i] = parent[i] < 0 ? local[i] : mul(w(parent[i]), local[i]));
      return { local, world: nodes.map((_, i) => w(i)) };
    },
  };
}

async function load(glb) {
  const io = new NodeIO();
  const doc = await io.read(glb);
  const raw = glb.endsWith('.glb') ? (await io.binaryToJSON(new Uint8Array(readFileSync(glb)))).json : JSON.parse(readFileSync(glb, 'utf8'));
  return { doc, rawNodes: raw.nodes ?? [] };
}

function cli(cliPath, args) {
  return execFileSync(cliPath, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
}
const duration = (anim) => Math.max(...anim.listSamplers().map((s) => s.getInput().getMax([0])[0]));
const f32 = Math.fround;

// The meshes: every exported node whose entity has a mesh with faces (`ck info
// --json`) holds a glTF mesh with as many triangles as the mesh has faces and
// no primitive with more vertices than it. Returns the number checked (0 for
// a file exported with --no-meshes, which holds no mesh but curves' lines).
function checkCkMeshes(cliPath, file, doc) {
  const nodes = doc.getRoot().listNodes();
  const triangleMeshes = doc.getRoot().listMeshes().filter((m) => m.listPrimitives().some((p) => p.getMode() === 4));
  if (!triangleMeshes.length) return 0;
  const info = (cls) => JSON.parse(cli(cliPath, ['ck', 'info', file, '--json', '--class', String(cls)])).objects;
  const meshes = new Map(info(32).map((o) => [o.name, o]));
  let checked = 0;
  for (const e of info(33)) {
    const m = e.mesh && meshes.get(e.mesh);
    if (!m || m.faces === 0 || !(parseInt(m.flags, 16) & 2)) continue;
    const node = nodes.find((n) => n.getName() === e.name);
    if (!node) continue;  // not exported (--name)
    const mesh = node.getMesh();
    if (!mesh) throw new Error(`${e.name}: no mesh on the node (mesh ${m.name}, ${m.faces} faces)`);
    let triangles = 0;
    for (const p of mesh.listPrimitives()) {
      triangles += p.getIndices().getCount() / 3;
      if (p.getAttribute('POSITION').getCount() > m.vertices)
        throw new Error(`${e.name}: a primitive has ${p.getAttribute('POSITION').getCount()} vertices, the mesh ${m.vertices}`);
    }
    if (triangles !== m.faces) throw new Error(`${e.name}: ${triangles} triangles, mesh ${m.name} has ${m.faces} faces`);
    checked++;
  }
  return checked;
}

async function checkCk(cliPath, file, glb) {
  const { doc, rawNodes } = await load(glb);
  const scene = makeScene(doc, rawNodes);
  let checked = 0, worst = 0;
  const meshes = checkCkMeshes(cliPath, file, doc);
  for (const anim of doc.getRoot().listAnimations()) {
    const x = anim.getExtras().retroanim;
    const fps = x.fps, L = x.length_frames;
    // 200 timeline frames: anywhere when every channel is exact between its
    // samples (linear keys), at whole frames otherwise (resampled channels are
    // exact at their samples only).
    const frames = [];
    for (let i = 0; i < SAMPLES; i++) {
      const f = L * (i + 0.5) / SAMPLES;
      frames.push(x.exact_between_samples ? parseFloat(f.toPrecision(9)) : Math.round(f));
    }
    // glTF times are float32 seconds: at 148 s a key's time is off its frame /
    // fps by up to 7.6e-6 s. The asset's time base is each sampler's keys: a
    // frame maps to a time linearly between the two keys of the sampler around
    // it, each key's frame being its time × fps rounded to 1/1024 frame (the
    // exporter's samples are on 1/64 frames when the keys are on whole frames).
    const bases = new Map();
    const timeOf = (f) => (sampler) => {
      let b = bases.get(sampler);
      if (!b) {
        const times = Array.from(sampler.getInput().getArray());
        b = { times, frames: times.map((t) => Math.round(t * fps * 1024) / 1024) };
        bases.set(sampler, b);
      }
      const { times: kt, frames: kf } = b;
      let lo = 0, hi = kf.length - 1;
      if (f <= kf[0]) return kt[0] + (f - kf[0]) / fps;
      if (f >= kf[hi]) return kt[hi] + (f - kf[hi]) / fps;
      while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (kf[mid] <= f) lo = mid; else hi = mid; }
      return kt[lo] + (f - kf[lo]) / (kf[hi] - kf[lo]) * (kt[hi] - kt[lo]);
    };
    const arg = x.source === 'keyed animation' ? '--keyed' : '--name';
    const ref = JSON.parse(cli(cliPath, ['ck', 'anim', file, arg, anim.getName(), '--frames',
      frames.map((f) => String(f)).join(','), '--json']));
    const targets = new Set(anim.listChannels().map((c) => scene.index.get(c.getTargetNode())));
    const byName = (name) => [...targets].find((i) => scene.nodes[i].getName() === name);
    ref.samples.forEach((s, k) => {
      // The CLI samples SetStep's step fround(f / L) (float), i.e. frame
      // fround(step × L): the frame the glTF is read at.
      const step = f32(f32(frames[k]) / f32(L));
      const f = f32(step * f32(L));
      const t = timeOf(f);
      const { world } = scene.worlds(anim, t);
      const ents = s.entities ?? [{ entity: ref.entity, world: s.world }];
      for (const e of ents) {
        const i = byName(e.entity);
        if (i === undefined) throw new Error(`${anim.getName()}: no animated node named ${e.entity}`);
        worst = Math.max(worst, compare(`${anim.getName()} ${e.entity} frame ${f}`, world[i], ckIdentity(e.world)));
        checked++;
      }
    });
  }
  return { checked, worst, meshes };
}

async function checkAc(cliPath, dat, glb) {
  const { doc, rawNodes } = await load(glb);
  const scene = makeScene(doc, rawNodes);
  const cache = new Map();
  const animJson = (id) => cache.get(id) ?? cache.set(id, JSON.parse(cli(cliPath, ['ac', 'info', dat, '--id', id, '--json'])).animation).get(id);
  let checked = 0, worst = 0;
  for (const anim of doc.getRoot().listAnimations()) {
    const x = anim.getExtras().retroanim;
    // The frames played, in order, with their start times (seconds).
    const seq = [];
    let t0 = 0;
    for (const s of x.anims) {
      const a = animJson(s.id);
      const rate = Math.abs(s.framerate), n = s.high_frame - s.low_frame + 1;
      for (let j = 0; j < n; j++) {
        const k = s.framerate < 0 ? s.high_frame - j : s.low_frame + j;
        seq.push({ t: t0 + j / rate, frame: a.frames[k], pos: a.pos_frames?.[k], back: s.framerate < 0 });
      }
      t0 += n / rate;
    }
    // Root motion: the pos frames of the frames already left, accumulated.
    let root = ident();
    for (const e of seq) {
      e.root = root;
      if (e.pos) {
        const p = acFrame(e.pos.origin, e.pos.rotation);
        root = e.back ? mul(root, invertRigid(p)) : mul(root, p);
      }
    }
    const total = duration(anim);
    const rootNode = scene.nodes.findIndex((n) => !n.getName().startsWith('part_'));
    for (let i = 0; i < SAMPLES; i++) {
      const t = total * (i + 0.5) / SAMPLES;  // between frames: STEP holds the frame
      let j = 0;
      while (j + 1 < seq.length && seq[j + 1].t <= t) j++;
      const { local } = scene.worlds(anim, t);
      seq[j].frame.parts.forEach((p, pi) => {
        const node = scene.nodes.findIndex((n) => n.getName() === `part_${pi}`);
        worst = Math.max(worst, compare(`${anim.getName()} part_${pi} t=${t}`, local[node], acIdentity(acFrame(p.origin, p.rotation))));
        checked++;
      });
      if (x.root_motion) {
        worst = Math.max(worst, compare(`${anim.getName()} root t=${t}`, local[rootNode], acIdentity(seq[j].root)));
        checked++;
      }
    }
  }
  return { checked, worst };
}
function invertRigid(m) {
  const r = ident();
  for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) r[c * 4 + k] = m[k * 4 + c];
  for (let k = 0; k < 3; k++) r[12 + k] = -(r[k] * m[12] + r[4 + k] * m[13] + r[8 + k] * m[14]);
  return r;
}

async function checkPlay(glb, trace) {
  const { doc, rawNodes } = await load(glb);
  const scene = makeScene(doc, rawNodes);
  const anims = doc.getRoot().listAnimations();
  if (anims.length !== 1) throw new Error(`expected one animation, found ${anims.length}`);
  const lines = readFileSync(trace, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  let checked = 0, worst = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const line = lines[Math.min(lines.length - 1, Math.floor(lines.length * i / SAMPLES))];
    const t = f32(line.t_ms / 1000);
    const { world } = scene.worlds(anims[0], t);
    for (const [name, e] of Object.entries(line.entities)) {
      const node = scene.nodes.findIndex((n) => n.getName() === name);
      worst = Math.max(worst, compare(`${name} t_ms=${line.t_ms}`, world[node], ckIdentity(e.world)));
      checked++;
    }
  }
  return { checked, worst };
}

const [cliPath, mode, a, b] = process.argv.slice(2);
try {
  let r;
  if (mode === 'ck') r = await checkCk(cliPath, a, b);
  else if (mode === 'ac') r = await checkAc(cliPath, a, b);
  else if (mode === 'play') r = await checkPlay(a, b);
  else throw new Error(`unknown mode ${mode}`);
  console.log(`${mode === 'play' ? a : b}: ${r.checked} node matrices checked, worst difference ${r.worst.toExponential(2)}` +
    (r.meshes !== undefined ? `, ${r.meshes} meshes checked` : ''));
} catch (e) {
  console.error(`readback: ${e.message}`);
  process.exit(1);
}
