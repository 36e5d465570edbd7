/**
 * Zips the demo SCORM packages (apps/server/demo-content) into dist/demo-content/<id>.zip and
 * prints their paths, so an operator can import one by hand:
 *   npm run waypoint -- import-scorm dist/demo-content/<id>.zip --lms demo --curriculum "<name>"
 * Run: npx tsx --conditions=source scripts/build-demo-content.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDemoPackageZip, DEMO_PACKAGES } from '../apps/server/src/db/seed/demo-packages.js';

const outputDir = path.resolve(import.meta.dirname, '..', 'dist', 'demo-content');
await mkdir(outputDir, { recursive: true });

const written: string[] = [];
for (const demo of DEMO_PACKAGES) {
  const file = path.join(outputDir, `${demo.id}.zip`);
  const zip = await buildDemoPackageZip(demo.id);
  await writeFile(file, zip);
  const shown = path.relative(process.cwd(), file) || file;
  written.push(shown);
  console.log(`${shown}  (SCORM ${demo.version}, ${demo.title}, ${zip.length} bytes)`);
}
console.log(
  `\nImport one with: npm run waypoint -- import-scorm ${written[0]} --lms demo --curriculum "Demo lessons"`,
);
