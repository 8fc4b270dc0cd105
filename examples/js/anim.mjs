// node examples/js/anim.mjs FILE (--name NAME | --keyed NAME) (--at S1,S2,... | --frames F1,F2,...)
//
// Prints exactly what `retroanim ck anim FILE --name NAME --at S1,S2,... --json`
// prints, computed by the WebAssembly module (bindings/js) in Node: the file
// is read into memory, loaded by the library, the animation set with SetStep
// at each step and the JSON document written by the CLI's own code (compiled
// into the module). Errors: one line "retroanim: MESSAGE" on stderr, exit code
// 1 for a bad command line, 2 for anything else (as the CLI).
//
// The module is looked for in $RETROANIM_WASM_DIR, beside this file (an
// installed copy: retroanim.mjs and retroanim.wasm copied next to it), in the
// installed npm package `retroanim`, and in the build folder build/wasm/js.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

function fail(message, code = 2) {
  process.stderr.write(`retroanim: ${message}\n`);
  process.exit(code);
}

async function loadModule() {
  const dirs = [process.env.RETROANIM_WASM_DIR, here].filter(Boolean);
  for (const dir of dirs) {
    const file = path.join(dir, 'retroanim.mjs');
    if (existsSync(file)) return (await import(pathToFileURL(file).href)).default;
  }
  try {
    return (await import('retroanim')).default;
  } catch {
    // not installed as a package
  }
  const built = path.join(here, '..', '..', 'build', 'wasm', 'js', 'retroanim.mjs');
  if (existsSync(built)) return (await import(pathToFileURL(built).href)).default;
  fail('the WebAssembly module retroanim.mjs was not found (scripts/build.sh wasm, or set RETROANIM_WASM_DIR)');
}

const usage = 'usage: node anim.mjs FILE (--name NAME | --keyed NAME) (--at S1,S2,... | --frames F1,F2,...)';
const opts = {};
let file;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; ++i) {
  const a = argv[i];
  if (['--name', '--keyed', '--at', '--frames'].includes(a)) {
    if (i + 1 >= argv.length) fail(`command line: ${a} needs a value\n${usage}`, 1);
    opts[a.slice(2)] = argv[++i];
  } else if (a.startsWith('--')) {
    fail(`command line: unknown option ${a}\n${usage}`, 1);
  } else if (file === undefined) {
    file = a;
  } else {
    fail(`command line: unexpected argument ${a}\n${usage}`, 1);
  }
}
if (file === undefined) fail(`command line: FILE is required\n${usage}`, 1);
if ((opts.at === undefined) === (opts.frames === undefined)) fail('ck anim: give exactly one of --at S1,... or --frames F1,...', 1);
if ((opts.name === undefined) === (opts.keyed === undefined)) fail('ck anim: give exactly one of --name NAME or --keyed NAME', 1);

let bytes;
try {
  bytes = readFileSync(file);
} catch (e) {
  fail(`${file}: cannot read: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
}
const createRetroanimModule = await loadModule();
const ra = await createRetroanimModule();
try {
  const scene = ra.openScene(bytes, file);
  const text = scene.animJson(opts);
  scene.close();
  process.stdout.write(text + '\n');
} catch (e) {
  if (!(e instanceof ra.RetroanimError)) throw e;
  fail(e.message, e.codeName === 'RA_ERR_ARGUMENT' ? 1 : 2);
}
