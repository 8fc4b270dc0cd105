// Makes the viewer folder that opens from file:// or any static server
// (build/wasm/viewer, by scripts/build.sh wasm): the same page as
// tools/viewer/, with its ES modules (viewer.js and three.js) bundled by
// esbuild into one classic script, since browsers load no module from
// file://, and the WebAssembly module as a classic script with its wasm
// embedded (retroanim-web.js), since a page from file:// cannot fetch it.
//   node tools/viewer/build_page.mjs --out DIR --module retroanim-web.js
// Prints the folder's files and sizes.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
if (!args.out || !args.module) {
  console.error('build_page: --out DIR and --module retroanim-web.js are required');
  process.exit(2);
}
rmSync(args.out, { recursive: true, force: true });
mkdirSync(args.out, { recursive: true });

await build({
  entryPoints: [path.join(here, 'viewer.js')],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2020',
  outfile: path.join(args.out, 'viewer.js'),
  logLevel: 'warning',
  legalComments: 'eof',
});
let html = readFileSync(path.join(here, 'index.html'), 'utf8');
const importMap = /<script type="importmap">[\s\S]*?<\/script>\n/;
const moduleTag = '<script type="module" src="viewer.js"></script>';
if (!importMap.test(html) || !html.includes(moduleTag)) {
  console.error('build_page: tools/viewer/index.html no longer has the import map and module script this replaces');
  process.exit(1);
}
html = html.replace(importMap, '').replace(moduleTag, '<script src="retroanim-web.js"></script>\n<script src="viewer.js"></script>');
writeFileSync(path.join(args.out, 'index.html'), html);
copyFileSync(path.join(here, 'viewer.css'), path.join(args.out, 'viewer.css'));
copyFileSync(args.module, path.join(args.out, 'retroanim-web.js'));
copyFileSync(path.join(here, 'node_modules', 'three', 'LICENSE'), path.join(args.out, 'LICENSE.three.txt'));
copyFileSync(path.join(here, '..', '..', 'LICENSE'), path.join(args.out, 'LICENSE.retroanim.txt'));
let total = 0;
for (const f of readdirSync(args.out).sort()) {
  const n = statSync(path.join(args.out, f)).size;
  total += n;
  console.log(`${f.padEnd(22)} ${n} bytes`);
}
console.log(`${'total'.padEnd(22)} ${total} bytes`);
