// The retroanim glTF viewer: loads one .glb/.gltf (the file `retroanim view`
// serves as model.glb, or one opened from disk or dropped on the page), or a
// Virtools .nmo/.cmo or an Asheron's Call portal.dat, converted to glTF in the
// browser by the WebAssembly module (bindings/js: the library's own export,
// as `retroanim export` makes it), lists its animations and
// plays them on a timeline, and draws curves (line primitives), the paths and
// names of the animated nodes and the empty nodes. Poses are evaluated from
// the clips' tracks directly (three.js's interpolants: LINEAR, STEP, slerp for
// rotations, CUBICSPLINE), so a pose depends on the time alone.
//
// Test hook: window.retroanimViewer (see the end of this file).
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { CSS2DRenderer, CSS2DObject } from 'three/addons/renderers/CSS2DRenderer.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

// ---- the 3D view -----------------------------------------------------------

const view = $('view');
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xe9ecf1);
scene.add(new THREE.HemisphereLight(0xffffff, 0x667788, 2.0));
const sun = new THREE.DirectionalLight(0xffffff, 1.5);
sun.position.set(1, 2, 1.5);
scene.add(sun);
const camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
camera.position.set(4, 3, 5);

let renderer = null;
let labelRenderer = null;
let controls = null;
try {
  renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  view.appendChild(renderer.domElement);
  labelRenderer = new CSS2DRenderer();
  labelRenderer.domElement.style.position = 'absolute';
  labelRenderer.domElement.style.top = '0';
  labelRenderer.domElement.style.pointerEvents = 'none';
  view.appendChild(labelRenderer.domElement);
  controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = false;
} catch (e) {
  renderer = null;
  const div = document.createElement('div');
  div.className = 'no-webgl';
  div.textContent = 'WebGL is not available here: the file is loaded and its animations can be sampled, but not drawn.';
  view.appendChild(div);
}

function resize() {
  const w = Math.max(1, view.clientWidth), h = Math.max(1, view.clientHeight);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
  if (renderer) renderer.setSize(w, h);
  if (labelRenderer) labelRenderer.setSize(w, h);
}
window.addEventListener('resize', resize);
resize();

// ---- the loaded file -------------------------------------------------------

const state = {
  gltf: null,        // GLTFLoader's result
  root: null,        // gltf.scene
  clips: [],         // THREE.AnimationClip, in the file's order
  bindings: [],      // per clip: [{track, node, interpolant}]
  animatedNodes: [], // per clip: [node, ...] in channel order
  rest: new Map(),   // node -> {position, quaternion, scale} as loaded
  current: -1,
  time: 0,
  playing: false,
  size: 1,           // the scene's radius, for marker sizes
  overlay: new THREE.Group(),
  trails: new THREE.Group(),
  markers: [],       // [{node, mesh, label}]
  emptyAxes: [],     // [{node, axes}]
  grid: null,
};
scene.add(state.overlay);
scene.add(state.trails);

function setStatus(text, isError = false) {
  const s = $('status');
  s.textContent = text;
  s.className = isError ? 'muted error' : 'muted';
}

function originalName(node) {
  return node.userData && node.userData.name !== undefined ? node.userData.name : node.name;
}

function nodeIndex(node) {
  const a = state.gltf.parser.associations.get(node);
  return a && a.nodes !== undefined ? a.nodes : -1;
}

function clearFile() {
  if (state.root) scene.remove(state.root);
  for (const g of [state.overlay, state.trails]) {
    for (const child of [...g.children]) {
      g.remove(child);
      if (child.element && child.element.remove) child.element.remove();
    }
  }
  if (state.grid) scene.remove(state.grid);
  Object.assign(state, { gltf: null, root: null, clips: [], bindings: [], animatedNodes: [], rest: new Map(),
    current: -1, time: 0, playing: false, markers: [], emptyAxes: [], grid: null });
}

function restPose() {
  for (const [node, r] of state.rest) {
    node.position.copy(r.position);
    node.quaternion.copy(r.quaternion);
    node.scale.copy(r.scale);
  }
}

// The pose of clip `index` at `t` seconds (clamped to the clip), on the rest pose.
function applyPose(index, t) {
  restPose();
  if (index < 0) { state.root.updateMatrixWorld(true); return; }
  for (const b of state.bindings[index]) {
    const v = b.interpolant.evaluate(t);
    const target = b.node[b.property];
    if (!target) continue;
    if (b.property === 'quaternion') target.set(v[0], v[1], v[2], v[3]).normalize();
    else if (target.isVector3) target.set(v[0], v[1], v[2]);
  }
  state.root.updateMatrixWorld(true);
}

function bindClip(clip) {
  const out = [];
  const nodes = [];
  for (const track of clip.tracks) {
    const parsed = THREE.PropertyBinding.parseTrackName(track.name);
    const node = THREE.PropertyBinding.findNode(state.root, parsed.nodeName);
    if (!node) continue;
    const property = parsed.propertyName;
    if (property !== 'position' && property !== 'quaternion' && property !== 'scale') continue;
    out.push({ track, node, property, interpolant: track.createInterpolant() });
    if (!nodes.includes(node)) nodes.push(node);
  }
  return { bindings: out, nodes };
}

// The world positions of clip `index`'s animated nodes, then of the glTF nodes below them.
function worldPositions(index) {
  const v = new THREE.Vector3();
  const animated = state.animatedNodes[index];
  const out = animated.map((node) => {
    node.getWorldPosition(v);
    return { index: nodeIndex(node), name: originalName(node), animated: true, position: [v.x, v.y, v.z] };
  });
  const seen = new Set(animated);
  for (const node of animated) {
    node.traverse((o) => {
      if (seen.has(o) || nodeIndex(o) < 0) return;
      seen.add(o);
      o.getWorldPosition(v);
      out.push({ index: nodeIndex(o), name: originalName(o), animated: false, position: [v.x, v.y, v.z] });
    });
  }
  return out;
}

function sceneBox() {
  const box = new THREE.Box3();
  state.root.updateMatrixWorld(true);
  const v = new THREE.Vector3();
  state.root.traverse((o) => {
    if (o.geometry) {
      if (!o.geometry.boundingBox) o.geometry.computeBoundingBox();
      box.union(o.geometry.boundingBox.clone().applyMatrix4(o.matrixWorld));
    } else {
      box.expandByPoint(o.getWorldPosition(v));
    }
  });
  for (const line of state.trails.children) {
    line.geometry.computeBoundingBox();
    box.union(line.geometry.boundingBox);
  }
  if (box.isEmpty()) box.set(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
  return box;
}

function fitCamera() {
  const box = sceneBox();
  const center = box.getCenter(new THREE.Vector3());
  const radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 1e-3);
  state.size = radius;
  const dist = radius / Math.sin(THREE.MathUtils.degToRad(camera.fov / 2)) * 1.05;
  camera.position.copy(center).add(new THREE.Vector3(0.55, 0.6, 0.85).normalize().multiplyScalar(dist));
  camera.near = Math.max(dist / 1000, 1e-4);
  camera.far = dist * 10 + radius * 4;
  camera.updateProjectionMatrix();
  camera.lookAt(center);
  if (controls) { controls.target.copy(center); controls.update(); }
  if (state.grid) scene.remove(state.grid);
  const span = Math.max(box.max.x - box.min.x, box.max.z - box.min.z, 1e-3);
  const step = niceStep(span / 10);
  const cells = Math.ceil(span / step) + 2;
  state.grid = new THREE.GridHelper(cells * step, cells, 0x9aa3b5, 0xc9ced8);
  state.grid.position.set(Math.round(center.x / step) * step, box.min.y, Math.round(center.z / step) * step);
  state.grid.visible = $('show-grid').checked;
  scene.add(state.grid);
}

function niceStep(raw) {
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

const trailColors = [0xc0392b, 0x2471a3, 0x239b56, 0xb9770e, 0x7d3c98, 0x117a65];

// Paths (sampled at 400 times), markers and labels of clip `index`'s nodes.
function buildOverlay(index) {
  for (const child of [...state.trails.children]) state.trails.remove(child);
  for (const m of state.markers) {
    state.overlay.remove(m.mesh);
    if (m.label) { state.overlay.remove(m.label); m.label.element.remove(); }
  }
  state.markers = [];
  if (index < 0) return;
  const nodes = state.animatedNodes[index];
  const duration = state.clips[index].duration;
  const steps = 400;
  const paths = nodes.map(() => []);
  const v = new THREE.Vector3();
  for (let i = 0; i <= steps; i++) {
    applyPose(index, duration * i / steps);
    nodes.forEach((n, k) => paths[k].push(n.getWorldPosition(v).clone()));
  }
  const radius = state.size * 0.015;
  nodes.forEach((node, k) => {
    const color = trailColors[k % trailColors.length];
    const geom = new THREE.BufferGeometry().setFromPoints(paths[k]);
    state.trails.add(new THREE.Line(geom, new THREE.LineBasicMaterial({ color })));
    const mesh = new THREE.Mesh(new THREE.SphereGeometry(radius, 16, 12), new THREE.MeshStandardMaterial({ color }));
    state.overlay.add(mesh);
    const div = document.createElement('div');
    div.className = 'node-label';
    div.textContent = originalName(node);
    const label = new CSS2DObject(div);
    state.overlay.add(label);
    state.markers.push({ node, mesh, label });
  });
  state.trails.visible = $('show-trails').checked;
  applyPose(index, state.time);
}

function updateOverlay() {
  const v = new THREE.Vector3(), q = new THREE.Quaternion(), s = new THREE.Vector3();
  for (const m of state.markers) {
    m.node.getWorldPosition(v);
    m.mesh.position.copy(v);
    m.label.position.copy(v);
    m.label.visible = $('show-labels').checked;
  }
  for (const e of state.emptyAxes) {
    e.node.matrixWorld.decompose(v, q, s);
    e.axes.position.copy(v);
    e.axes.quaternion.copy(q);
    e.axes.visible = $('show-nodes').checked;
  }
}

// ---- user interface --------------------------------------------------------

function fmt(t) { return t.toFixed(3); }

function updateTimeline() {
  const d = state.current >= 0 ? state.clips[state.current].duration : 0;
  const slider = $('time');
  slider.max = String(Math.max(d, 1e-6));
  slider.value = String(state.time);
  $('time-text').textContent = `${fmt(state.time)} s / ${fmt(d)} s`;
  $('play').innerHTML = state.playing ? '&#10073;&#10073;' : '&#9654;';
}

function listAnimations() {
  const ul = $('animations');
  ul.innerHTML = '';
  if (state.clips.length === 0) {
    ul.innerHTML = '<li class="muted">none</li>';
    return;
  }
  state.clips.forEach((clip, i) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = i === state.current ? 'current' : '';
    b.title = `${state.animatedNodes[i].length} animated node(s)`;
    const name = document.createElement('span');
    name.textContent = clip.name;
    const dur = document.createElement('span');
    dur.className = 'dur';
    dur.textContent = `${clip.duration.toFixed(2)} s`;
    b.append(name, dur);
    b.addEventListener('click', () => selectAnimation(i, 0, true));
    li.appendChild(b);
    ul.appendChild(li);
  });
}

function selectAnimation(index, t = 0, play = false) {
  if (index !== state.current) {
    state.current = index;
    state.time = t;
    buildOverlay(index);
    listAnimations();
  }
  state.time = t;
  state.playing = play && index >= 0;
  applyPose(index, t);
  updateTimeline();
}

$('play').addEventListener('click', () => {
  if (state.current < 0) return;
  const d = state.clips[state.current].duration;
  if (!state.playing && state.time >= d) state.time = 0;
  state.playing = !state.playing;
  updateTimeline();
});
$('time').addEventListener('input', () => {
  state.time = Number($('time').value);
  state.playing = false;
  if (state.current >= 0) applyPose(state.current, state.time);
  updateTimeline();
});
window.addEventListener('keydown', (e) => {
  if (e.code === 'Space' && e.target === document.body) { e.preventDefault(); $('play').click(); }
});
$('show-trails').addEventListener('change', () => { state.trails.visible = $('show-trails').checked; });
$('show-grid').addEventListener('change', () => { if (state.grid) state.grid.visible = $('show-grid').checked; });

let last = performance.now();
function frame(now) {
  const dt = Math.min((now - last) / 1000, 0.25);
  last = now;
  if (state.playing && state.current >= 0) {
    const d = state.clips[state.current].duration;
    state.time += dt * Number($('speed').value);
    if (state.time > d) {
      if ($('loop').checked && d > 0) state.time %= d;
      else { state.time = d; state.playing = false; }
    }
    applyPose(state.current, state.time);
    updateTimeline();
  }
  render();
  requestAnimationFrame(frame);
}

function render() {
  if (!renderer || !state.root) return;
  updateOverlay();
  renderer.render(scene, camera);
  labelRenderer.render(scene, camera);
}

// ---- loading ---------------------------------------------------------------

function onLoaded(gltf, name) {
  clearFile();
  state.gltf = gltf;
  state.root = gltf.scene;
  scene.add(state.root);
  state.clips = gltf.animations;
  let lines = 0, meshes = 0, empties = 0, nodes = 0;
  state.root.traverse((o) => {
    if (o === state.root) return;
    state.rest.set(o, { position: o.position.clone(), quaternion: o.quaternion.clone(), scale: o.scale.clone() });
    if (nodeIndex(o) >= 0) nodes++;
    if (o.isLine) {
      lines++;
      o.material = new THREE.LineBasicMaterial({ color: 0x1f2a44 });
    } else if (o.isMesh) {
      meshes++;
    } else if (nodeIndex(o) >= 0 && o.children.length === 0) {
      empties++;
    }
  });
  for (const clip of state.clips) {
    const { bindings, nodes: animated } = bindClip(clip);
    state.bindings.push(bindings);
    state.animatedNodes.push(animated);
  }
  applyPose(-1, 0);
  fitCamera();
  const axesSize = state.size * 0.04;
  state.root.traverse((o) => {
    if (o !== state.root && !o.isLine && !o.isMesh && nodeIndex(o) >= 0 && o.children.length === 0) {
      const axes = new THREE.AxesHelper(axesSize);
      state.overlay.add(axes);
      state.emptyAxes.push({ node: o, axes });
    }
  });
  $('file-name').textContent = name;
  document.title = `${name} - retroanim viewer`;
  $('summary').textContent = `${nodes} nodes, ${lines} curves (lines), ${meshes} meshes, ${empties} empty nodes, ` +
    `${state.clips.length} animations`;
  setStatus('');
  listAnimations();
  selectAnimation(state.clips.length > 0 ? 0 : -1, 0, false);
  fitCamera();  // again, with the first animation's paths
  updateTimeline();
}

function loadBuffer(buffer, name) {
  return new Promise((resolve, reject) => {
    setStatus('loading ' + name + ' ...');
    new GLTFLoader().parse(buffer, '', (gltf) => {
      try { onLoaded(gltf, name); resolve(); } catch (e) { reject(e); }
    }, (err) => reject(err instanceof Error ? err : new Error(String(err))));
  }).catch((e) => { setStatus(`cannot load ${name}: ${e.message}`, true); throw e; });
}

// ---- game files, converted in the browser ---------------------------------
// The WebAssembly module: the built page (build/wasm/viewer, which works from
// file://) has it as a classic script defining createRetroanimModule, its
// wasm embedded; a page served elsewhere imports retroanim.mjs beside it.
let modulePromise = null;
function retroanimModule() {
  if (!modulePromise) {
    modulePromise = (async () => {
      if (typeof globalThis.createRetroanimModule === 'function') return globalThis.createRetroanimModule();
      const url = new URL('retroanim.mjs', location.href).href;
      return (await import(url)).default();
    })();
    modulePromise.catch(() => { modulePromise = null; });
  }
  return modulePromise;
}

const hex = (id) => '0x' + (id >>> 0).toString(16).padStart(8, '0');
// What a dat is exported as: its first setup with its first motion table's
// cycles (or one animation alone, picked in the list).
function datChoices(info) {
  const of = (type) => info.entries.map((e) => parseInt(e.id, 16) >>> 0).filter((id) => (id >>> 24) === type);
  const setups = of(0x02), tables = of(0x09), anims = of(0x03);
  const choices = [];
  if (setups.length) {
    choices.push({ label: `setup ${hex(setups[0])}` + (tables.length ? ` + motion table ${hex(tables[0])}` : ''),
      options: { setup: setups[0], motionTable: tables[0] || 0 } });
  }
  for (const a of anims) choices.push({ label: `animation ${hex(a)}`, options: { animation: a, fps: 30 } });
  return choices;
}

// The last file opened by hand (the test hook's lastOpen).
let lastOpen = null;
let openCount = 0;
let datFile = null;  // {bytes, name, choices}: the open dat, exported again when another choice is picked

function fileKind(bytes, name) {
  const ascii = (n) => String.fromCharCode(...bytes.subarray(0, n));
  if (bytes.length >= 4 && ascii(4) === 'glTF') return 'glb';
  if (/\.gltf$/i.test(name)) return 'glb';
  if (/\.(nmo|cmo|nms|vmo)$/i.test(name) || (bytes.length >= 8 && ascii(8) === 'Nemo Fi\0')) return 'ck';
  if (/\.dat$/i.test(name)) return 'ac';
  return null;
}

async function exportDat(ra, choice) {
  const dat = ra.openDat(datFile.bytes, datFile.name);
  try { return dat.exportGlb(choice.options); } finally { dat.close(); }
}

// Opens a file chosen or dropped: a .glb/.gltf as it is, a game file through the module.
async function openFile(file) {
  const name = file.name;
  const record = { name, ok: false, error: null, convertMs: null, glbBytes: null, index: ++openCount };
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = fileKind(bytes, name);
    $('dat-choice').hidden = true;
    datFile = null;
    if (kind === 'glb') {
      await loadBuffer(bytes.buffer, name);
    } else if (kind === null) {
      throw new Error(`${name}: not a .glb, .gltf, .nmo, .cmo or portal.dat file`);
    } else {
      setStatus('converting ' + name + ' ...');
      let ra;
      try {
        ra = await retroanimModule();
      } catch (e) {
        throw new Error(`${name}: converting needs the WebAssembly module (retroanim.mjs, built by scripts/build.sh wasm), which this page could not load`);
      }
      const t0 = performance.now();
      let glb;
      if (kind === 'ck') {
        const s = ra.openScene(bytes, name);
        try { glb = s.exportGlb(); } finally { s.close(); }
      } else {
        const dat = ra.openDat(bytes, name);
        let choices;
        try { choices = datChoices(dat.info()); } finally { dat.close(); }
        if (choices.length === 0) throw new Error(`${name}: the dat holds no setup and no animation`);
        datFile = { bytes, name, choices };
        const select = $('dat-pick');
        select.replaceChildren(...choices.map((c, i) => new Option(c.label, String(i))));
        $('dat-choice').hidden = false;
        glb = await exportDat(ra, choices[0]);
      }
      record.convertMs = performance.now() - t0;
      record.glbBytes = glb.length;
      await loadBuffer(glb.buffer, name);
    }
    record.ok = true;
  } catch (e) {
    // The library's one-line message (a RetroanimError's), on the page.
    record.error = e && e.message ? e.message : String(e);
    setStatus(record.error, true);
  }
  lastOpen = record;
  return record;
}

$('file-input').addEventListener('change', () => {
  const f = $('file-input').files[0];
  if (f) openFile(f).then(() => { $('file-input').value = ''; });  // the same file can be opened again
});
$('dat-pick').addEventListener('change', async () => {
  if (!datFile) return;
  const choice = datFile.choices[Number($('dat-pick').value)];
  try {
    const glb = await exportDat(await retroanimModule(), choice);
    await loadBuffer(glb.buffer, `${datFile.name} (${choice.label})`);
  } catch (e) {
    setStatus(e && e.message ? e.message : String(e), true);
  }
});
// Drop a file anywhere on the page.
window.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
window.addEventListener('drop', (e) => {
  e.preventDefault();
  document.body.classList.remove('dragging');
  const f = e.dataTransfer && e.dataTransfer.files[0];
  if (f) openFile(f);
});

async function loadServed() {
  const model = params.get('model') || 'model.glb';
  const name = params.get('name') || model;
  const idle = 'open a .nmo, .cmo, portal.dat or .glb with the button above, or drop one on the page';
  if (location.protocol === 'file:' && !params.get('model')) {
    setStatus(idle);  // opened from a folder: no server, nothing served (and a fetch would be refused)
    return;
  }
  let response;
  try {
    response = await fetch(model);
  } catch (e) {
    setStatus(idle);  // a page opened from file:// (or no server): nothing served
    return;
  }
  if (!response.ok) {
    setStatus(idle);
    return;
  }
  await loadBuffer(await response.arrayBuffer(), name);
}

// ---- the test hook ---------------------------------------------------------
// window.retroanimViewer.ready: resolves when the served file is loaded (rejects with its error).
// .animations(): [{name, duration, nodes: [glTF node names]}].
// .sample(name, t): the pose of animation `name` at t seconds, shown and paused:
//   {animation, time, nodes: [{index, name, animated, position: [x, y, z]}]}: the
//   world positions (glTF coordinates) of the animated nodes (animated: true),
//   then of the nodes below them (animated: false).
// .overlays(on): shows (true) or hides the paths, markers, labels and node axes
//   drawn over the file's own meshes (hidden: a picture of the file alone).
// .screenBox(name): where the meshes of glTF node `name` and the nodes below it
//   are drawn: {x0, y0, x1, y1} in CSS pixels of the page (their bounding box's
//   corners projected), or null without meshes; .canvasBox(): the 3D view's.
// .lastOpen: the last file opened by hand (file input or drop), once done:
//   {name, ok, error, convertMs, glbBytes, index} (convertMs: loading and
//   exporting a game file in the module; error: the message shown);
//   .status(): the status line's text.

function clipIndex(name) {
  const i = state.clips.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`no animation named '${name}'`);
  return i;
}

window.retroanimViewer = {
  ready: null,
  error: null,
  webgl: renderer !== null,
  animations() {
    return state.clips.map((c, i) => ({ name: c.name, duration: c.duration,
      nodes: state.animatedNodes[i].map(originalName) }));
  },
  sample(name, t) {
    const i = clipIndex(name);
    selectAnimation(i, t, false);
    render();
    return { animation: name, time: t, nodes: worldPositions(i) };
  },
  overlays(on) {
    state.overlay.visible = on;
    state.trails.visible = on && $('show-trails').checked;
    $('show-labels').checked = on;
    render();
  },
  screenBox(name) {
    let node = null;
    state.root.traverse((o) => { if (!node && originalName(o) === name) node = o; });
    if (!node) throw new Error(`no node named '${name}'`);
    state.root.updateWorldMatrix(true, true);
    const box = new THREE.Box3().setFromObject(node, true);
    if (box.isEmpty()) return null;
    const r = renderer.domElement.getBoundingClientRect();
    const out = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (let k = 0; k < 8; k++) {
      const v = new THREE.Vector3(k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y,
        k & 4 ? box.max.z : box.min.z).project(camera);
      const x = r.left + (v.x + 1) / 2 * r.width, y = r.top + (1 - v.y) / 2 * r.height;
      out.x0 = Math.min(out.x0, x); out.x1 = Math.max(out.x1, x);
      out.y0 = Math.min(out.y0, y); out.y1 = Math.max(out.y1, y);
    }
    return out;
  },
  canvasBox() {
    const r = renderer.domElement.getBoundingClientRect();
    return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
  },
  get lastOpen() { return lastOpen; },
  status() { return $('status').textContent; },
};
window.retroanimViewer.ready = loadServed().then(() => true, (e) => {
  window.retroanimViewer.error = String(e && e.message ? e.message : e);
  throw e;
});
requestAnimationFrame(frame);
