// Writes a small .glb for the viewer tests when `retroanim export` is not
// built: a root node, an animated child ("Mover": LINEAR translation and
// rotation keys) with a child of its own, and a curve (a LINE_STRIP of 100
// vertices). Prints, as JSON, the glTF world positions of the animated nodes
// at the requested times, computed here from the keys (not by three.js).
//   node make_test_glb.mjs OUT.glb T1,T2,...
import { writeFileSync } from 'node:fs';

const [out, timesArg] = process.argv.slice(2);
const times = timesArg.split(',').map(Number);

const floats = [];
const views = [];
const accessors = [];
function addFloats(values, type, withMinMax) {
  const offset = floats.length * 4;
  floats.push(...values);
  views.push({ buffer: 0, byteOffset: offset, byteLength: values.length * 4 });
  const n = { SCALAR: 1, VEC3: 3, VEC4: 4 }[type];
  const acc = { bufferView: views.length - 1, componentType: 5126, count: values.length / n, type };
  if (withMinMax) {
    acc.min = []; acc.max = [];
    for (let c = 0; c < n; c++) {
      const col = values.filter((_, i) => i % n === c);
      acc.min.push(Math.min(...col)); acc.max.push(Math.max(...col));
    }
  }
  accessors.push(acc);
  return accessors.length - 1;
}

const tKeys = [0, 1, 2], tVals = [[0, 0, 0], [2, 0, 0], [2, 0, -3]];
const rKeys = [0, 2], s45 = Math.SQRT1_2;
const curve = [];
for (let i = 0; i < 100; i++) {
  const a = (i / 99) * 2 * Math.PI;
  curve.push(3 * Math.cos(a), 0.5 * Math.sin(2 * a), 3 * Math.sin(a));
}
const curveAcc = addFloats(curve, 'VEC3', true);
const tIn = addFloats(tKeys, 'SCALAR', true);
const tOut = addFloats(tVals.flat(), 'VEC3', false);
const rIn = addFloats(rKeys, 'SCALAR', true);
const rOut = addFloats([0, 0, 0, 1, 0, s45, 0, s45], 'VEC4', false);

const json = {
  asset: { version: '2.0', generator: 'retroanim tests/viewer/make_test_glb.mjs' },
  scene: 0,
  scenes: [{ nodes: [0] }],
  nodes: [
    { name: 'Root', translation: [1, 0, 0], children: [1, 3] },
    { name: 'Mover', children: [2] },
    { name: 'Mover Child', translation: [0, 0, 1] },
    { name: 'Curve', mesh: 0 },
  ],
  meshes: [{ name: 'Curve', primitives: [{ attributes: { POSITION: curveAcc }, mode: 3 }] }],
  animations: [{
    name: 'Move',
    samplers: [{ input: tIn, output: tOut, interpolation: 'LINEAR' }, { input: rIn, output: rOut, interpolation: 'LINEAR' }],
    channels: [{ sampler: 0, target: { node: 1, path: 'translation' } }, { sampler: 1, target: { node: 1, path: 'rotation' } }],
  }],
  accessors,
  bufferViews: views,
  buffers: [{ byteLength: floats.length * 4 }],
};

const bin = Buffer.alloc(floats.length * 4);
floats.forEach((v, i) => bin.writeFloatLE(v, i * 4));
let jsonBuf = Buffer.from(JSON.stringify(json));
jsonBuf = Buffer.concat([jsonBuf, Buffer.alloc((4 - (jsonBuf.length % 4)) % 4, 0x20)]);
const header = Buffer.alloc(12);
header.write('glTF', 0);
header.writeUInt32LE(2, 4);
header.writeUInt32LE(12 + 8 + jsonBuf.length + 8 + bin.length, 8);
const chunk = (type, data) => {
  const h = Buffer.alloc(8);
  h.writeUInt32LE(data.length, 0);
  h.write(type, 4);
  return Buffer.concat([h, data]);
};
writeFileSync(out, Buffer.concat([header, chunk('JSON', jsonBuf), chunk('BIN\0', bin)]));

// Expected world positions: Root at (1,0,0); Mover = Root + T(t), rotated by
// theta = 45 deg * t about y; Mover Child = Mover + R_y(theta) (0, 0, 1).
const expected = times.map((t) => {
  const k = t <= 1 ? 0 : 1;
  const u = (t - tKeys[k]) / (tKeys[k + 1] - tKeys[k]);
  const T = [0, 1, 2].map((c) => tVals[k][c] + (tVals[k + 1][c] - tVals[k][c]) * u);
  const th = (Math.PI / 4) * Math.min(Math.max(t, 0), 2);
  const mover = [1 + T[0], T[1], T[2]];
  const child = [mover[0] + Math.sin(th), mover[1], mover[2] + Math.cos(th)];
  return { animation: 'Move', time: t, nodes: { Mover: mover, 'Mover Child': child } };
});
process.stdout.write(JSON.stringify(expected) + '\n');
