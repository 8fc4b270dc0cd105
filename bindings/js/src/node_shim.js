// Emscripten 3.1.6's ES module uses CommonJS's require and __dirname under
// Node.js, which an ES module lacks: both made here (bindings/js; placed
// before the module's code with --extern-pre-js). Nothing in a browser.
const retroanimIsNode = typeof process === 'object' && typeof process.versions === 'object' && typeof process.versions.node === 'string';
const require = retroanimIsNode ? (await import('node:module')).createRequire(import.meta.url) : undefined;
const __dirname = retroanimIsNode ? require('node:path').dirname(require('node:url').fileURLToPath(import.meta.url)) : '';
