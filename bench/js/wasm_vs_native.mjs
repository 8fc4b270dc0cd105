// The WebAssembly module's sampling throughput against the native build's,
// measured in one run (docs/PERFORMANCE.md, "WebAssembly"): the workload of
// `retroanim ck bench` (Record Anim-shaped tracks, harness/bench/workload.h:
// advance every track 1.25 frames, then ck::sample_world_batch with contexts),
// one thread each, in alternated rounds: the native CLI
// (`ck bench --tracks N --ticks T --threads 1 --json`, its own timing of the
// ticks) and the module in this Node process (ra.ckBench, the same code
// compiled to WebAssembly, timed the same way). The two checksums of the last
// tick's matrices must be equal (the same bits).
//
//   node bench/js/wasm_vs_native.mjs [--cli build/release/retroanim] [--wasm build/wasm/js]
//        [--tracks 4096] [--ticks 300] [--rounds 7] [--json]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const opt = { cli: path.join(repo, 'build/release/retroanim'), wasm: path.join(repo, 'build/wasm/js'),
  tracks: 4096, ticks: 300, rounds: 7, json: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; ++i) {
  const k = argv[i].replace(/^--/, '');
  if (k === 'json') { opt.json = true; continue; }
  if (!(k in opt) || i + 1 >= argv.length) { console.error(`wasm_vs_native: bad option ${argv[i]}`); process.exit(1); }
  opt[k] = ['cli', 'wasm'].includes(k) ? argv[++i] : Number(argv[++i]);
}

const ra = await (await import(pathToFileURL(path.join(opt.wasm, 'retroanim.mjs')).href)).default();
const native = () => {
  const j = JSON.parse(execFileSync(opt.cli, ['ck', 'bench', '--tracks', String(opt.tracks), '--ticks', String(opt.ticks),
    '--threads', '1', '--json'], { encoding: 'utf8' }));
  return { ms: j.ms_per_tick, checksum: j.checksum };
};
const wasm = () => {
  const r = ra.ckBench(opt.tracks, opt.ticks);
  return { ms: r.msPerTick, checksum: r.checksum };
};

const runs = { native: [], wasm: [] };
let checksum;
for (let r = 0; r < opt.rounds; ++r) {
  const order = r % 2 === 0 ? ['native', 'wasm'] : ['wasm', 'native'];
  for (const which of order) {
    const m = which === 'native' ? native() : wasm();
    runs[which].push(m.ms);
    if (checksum === undefined) checksum = m.checksum;
    if (m.checksum !== checksum) {
      console.error(`wasm_vs_native: ${which} checksum ${m.checksum} differs from ${checksum}`);
      process.exit(1);
    }
  }
}
const median = (v) => { const s = [...v].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const summary = (v) => ({ median_ms: median(v), min_ms: Math.min(...v), max_ms: Math.max(...v) });
const n = summary(runs.native), w = summary(runs.wasm);
// Throughput ratio wasm / native = native time / wasm time, per round (same-round pairs) and of the medians.
const pairs = runs.native.map((t, i) => t / runs.wasm[i]);
const result = {
  format: 'retroanim.wasm-bench/1', tracks: opt.tracks, ticks: opt.ticks, rounds: opt.rounds, checksum,
  native: n, wasm: w, ratio_of_medians: n.median_ms / w.median_ms,
  ratio_per_round: { median: median(pairs), min: Math.min(...pairs), max: Math.max(...pairs) },
  native_samples_per_s: opt.tracks / (n.median_ms / 1000), wasm_samples_per_s: opt.tracks / (w.median_ms / 1000),
};
if (opt.json) {
  console.log(JSON.stringify(result));
} else {
  const f = (x) => x.toFixed(3);
  console.log(`ck sampling, ${opt.tracks} Record Anim-shaped tracks, ${opt.ticks} ticks x ${opt.rounds} alternated rounds, one thread each`);
  console.log(`  native: median ${f(n.median_ms)} ms/tick (${f(n.min_ms)}..${f(n.max_ms)})`);
  console.log(`  wasm:   median ${f(w.median_ms)} ms/tick (${f(w.min_ms)}..${f(w.max_ms)})`);
  console.log(`  wasm/native throughput: ${result.ratio_of_medians.toFixed(2)}x (per round ${pairs.map((p) => p.toFixed(2)).join(', ')})`);
  console.log(`  checksum ${checksum} (the same on both)`);
}
