// Under Node.js, the wasm bytes are read from beside the module (Emscripten
// 3.1.6 would fetch() its file: URL, which Node's fetch refuses), unless the
// caller gave wasmBinary or locateFile (bindings/js; --pre-js: runs first
// inside the module's factory).
if (retroanimIsNode && !Module['wasmBinary'] && !Module['locateFile']) {
  Module['wasmBinary'] = require('node:fs').readFileSync(require('node:path').join(__dirname, 'retroanim.wasm'));
}
