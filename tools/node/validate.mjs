// Validates glTF files with the Khronos glTF-Validator: prints every message
// of severity error or warning and exits 1 when there is any (0 errors and 0
// warnings pass). Usage: node validate.mjs FILE.glb|FILE.gltf ...
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

export async function validate(file) {
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: async (uri) => new Uint8Array(await readFile(path.join(path.dirname(file), decodeURIComponent(uri)))),
  });
  const bad = report.issues.messages.filter((m) => m.severity <= 1);
  return { report, bad };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let failed = 0;
  for (const file of process.argv.slice(2)) {
    const { report, bad } = await validate(file);
    const i = report.issues;
    console.log(`${file}: ${i.numErrors} errors, ${i.numWarnings} warnings, ${i.numInfos} infos, ${i.numHints} hints`);
    for (const m of bad) console.log(`  ${m.severity === 0 ? 'error' : 'warning'} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
    if (bad.length) failed++;
  }
  process.exit(failed ? 1 : 0);
}
