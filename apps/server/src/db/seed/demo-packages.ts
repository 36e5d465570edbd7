import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';

/** A SCORM package written for Waypoint's demo, kept unzipped in the repository. */
export interface DemoPackage {
  /** Also the zip's file name: `<id>.zip`. */
  id: string;
  /** Its folder under DEMO_CONTENT_DIR, with imsmanifest.xml at the folder root. */
  folder: string;
  /** The title of the manifest's default organization. */
  title: string;
  version: '1.2' | '2004';
}

/**
 * The demo packages: a SCORM 1.2 briefing; a SCORM 2004 lesson pair with a scored quiz (sequenced);
 * SCORM 1.2 reading lessons (one page-turner, its text per item from the launch data); SCORM 2004
 * knowledge checks (one scored quiz, its questions per item from the launch data; not sequenced).
 */
export const DEMO_PACKAGES = [
  {
    id: 'safety-briefing',
    folder: 'safety-briefing',
    title: 'Cabin Safety Briefing',
    version: '1.2',
  },
  {
    id: 'systems-quiz',
    folder: 'systems-quiz',
    title: 'Aircraft Systems: Hydraulics',
    version: '2004',
  },
  {
    id: 'reading-lessons',
    folder: 'reading-lessons',
    title: 'Waypoint Reading Lessons',
    version: '1.2',
  },
  {
    id: 'knowledge-checks',
    folder: 'knowledge-checks',
    title: 'Waypoint Knowledge Checks',
    version: '2004',
  },
] as const satisfies readonly DemoPackage[];

export type DemoPackageId = (typeof DEMO_PACKAGES)[number]['id'];

/**
 * The correct option of each Hydraulics Quiz question, by its label, in question order (the
 * source of truth is demo-content/systems-quiz/quiz/questions.js; a test keeps the two equal).
 */
export const HYDRAULICS_QUIZ_ANSWERS = [
  'It is practically incompressible',
  '3,000 psi',
  'The accumulator',
  'So that a single failure never loses the flight controls',
  'The engines, through the accessory gearbox',
] as const;

/**
 * apps/server/demo-content. This file is apps/server/src/db/seed/demo-packages.ts and compiles to
 * apps/server/dist/db/seed/demo-packages.js: three levels up is apps/server either way.
 */
export const DEMO_CONTENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../demo-content',
);

// Every entry gets the same timestamp so a build is byte-for-byte repeatable. DOS timestamps in a
// zip are local time, so the date is built from local fields: the same on every machine.
const ZIP_ENTRY_TIME = new Date(2025, 0, 1, 0, 0, 0);
// -rw-r--r--, a regular file: what an unzip tool should restore whatever the builder's umask.
const ZIP_ENTRY_MODE = 0o100644;

/** The absolute folder of a demo package. */
export function demoPackageFolder(id: DemoPackageId): string {
  const demo = DEMO_PACKAGES.find((candidate) => candidate.id === id);
  if (!demo) throw new Error(`Unknown demo package '${String(id)}'.`);
  return path.join(DEMO_CONTENT_DIR, demo.folder);
}

/**
 * The package's files as sorted '/'-separated paths relative to its folder. Dot files (editor and
 * OS litter such as .DS_Store) are left out; symlinks are refused, as the importer refuses them.
 */
export async function listDemoPackageFiles(id: DemoPackageId): Promise<string[]> {
  const root = demoPackageFolder(id);
  const files: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) throw new Error(`Demo package file ${child} is a symlink.`);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  await walk('');
  // Code-unit order, not locale order: the same on every machine.
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Zips a demo package (files at the zip root, sorted, fixed time and mode): the same bytes each time. */
export async function buildDemoPackageZip(id: DemoPackageId): Promise<Buffer> {
  const root = demoPackageFolder(id);
  const zip = new yazl.ZipFile();
  for (const file of await listDemoPackageFiles(id)) {
    zip.addBuffer(await readFile(path.join(root, file)), file, {
      mtime: ZIP_ENTRY_TIME,
      mode: ZIP_ENTRY_MODE,
      compress: true,
      // No extended-timestamp field: it holds UTC seconds, which would differ between time zones.
      forceDosTimestamp: true,
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
