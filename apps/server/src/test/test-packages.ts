/**
 * Test helper: SCORM packages built in memory with yazl, and byte-level patches for the broken
 * zips yazl refuses to write (unsafe paths, encryption flags, lying sizes). Used by tests only.
 */
import yazl from 'yazl';
import type { PackageLimits } from '../modules/content/package-zip.js';

export interface ZipEntrySpec {
  name: string;
  data?: string | Buffer;
  /** Unix mode (e.g. 0o120777 for a symbolic link). */
  mode?: number;
  directory?: boolean;
  /** false stores the entry without deflate. */
  compress?: boolean;
}

/** A zip of these entries (an object is a map of path to content). */
export async function buildZip(
  entries: ZipEntrySpec[] | Record<string, string | Buffer>,
): Promise<Buffer> {
  const list: ZipEntrySpec[] = Array.isArray(entries)
    ? entries
    : Object.entries(entries).map(([name, data]) => ({ name, data }));
  const zip = new yazl.ZipFile();
  for (const entry of list) {
    const options = {
      ...(entry.mode === undefined ? {} : { mode: entry.mode }),
      mtime: new Date('2024-01-01T00:00:00Z'),
    };
    if (entry.directory) zip.addEmptyDirectory(entry.name, options);
    else
      zip.addBuffer(Buffer.from(entry.data ?? ''), entry.name, {
        ...options,
        compress: entry.compress ?? true,
      });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** Where an entry's central and local headers are. */
function locate(zip: Buffer, name: string): { central: number; local: number } {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END) end -= 1;
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error('bad central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      return { central: at, local: zip.readUInt32LE(at + 42) };
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`no entry ${name}`);
}

/**
 * A copy of the zip with one entry changed in both its headers: a new name of the same length
 * (for paths yazl will not write), general-purpose flag bits set, or a different declared size.
 */
export function patchEntry(
  zip: Buffer,
  name: string,
  patch: { rename?: string; setFlags?: number; uncompressedSize?: number },
): Buffer {
  const copy = Buffer.from(zip);
  const { central, local } = locate(copy, name);
  if (patch.rename !== undefined) {
    const bytes = Buffer.from(patch.rename, 'utf8');
    if (bytes.length !== Buffer.byteLength(name)) throw new Error('rename keeps the length');
    bytes.copy(copy, central + 46);
    bytes.copy(copy, local + 30);
  }
  if (patch.setFlags !== undefined) {
    copy.writeUInt16LE(copy.readUInt16LE(central + 8) | patch.setFlags, central + 8);
    copy.writeUInt16LE(copy.readUInt16LE(local + 6) | patch.setFlags, local + 6);
  }
  if (patch.uncompressedSize !== undefined) {
    copy.writeUInt32LE(patch.uncompressedSize, central + 24);
    copy.writeUInt32LE(patch.uncompressedSize, local + 22);
  }
  return copy;
}

const HTML = '<!doctype html><title>SCO</title><p>lesson</p>';

export interface ItemSpec {
  id: string;
  title: string;
  href: string;
  masteryScore?: number;
}

/** A minimal SCORM 1.2 manifest: one organization, one SCO per item. */
export function simpleManifest12(title: string, items: ItemSpec[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test.${title.replace(/\W+/g, '-')}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${title}</title>
${items
  .map(
    (item) => `      <item identifier="${item.id}" identifierref="res-${item.id}">
        <title>${item.title}</title>${
          item.masteryScore === undefined
            ? ''
            : `\n        <adlcp:masteryscore>${item.masteryScore}</adlcp:masteryscore>`
        }
      </item>`,
  )
  .join('\n')}
    </organization>
  </organizations>
  <resources>
${items
  .map(
    (item) =>
      `    <resource identifier="res-${item.id}" type="webcontent" adlcp:scormtype="sco" href="${item.href}"><file href="${item.href}"/></resource>`,
  )
  .join('\n')}
  </resources>
</manifest>`;
}

/** A good two-lesson SCORM 1.2 package (the second lesson is scored, pass at 75). */
export async function goodPackage12(title = 'Ground School'): Promise<Buffer> {
  const manifest = simpleManifest12(title, [
    { id: 'welcome', title: 'Welcome aboard', href: 'welcome/index.html' },
    { id: 'check', title: 'Knowledge check', href: 'check/index.html', masteryScore: 75 },
  ]);
  return buildZip({
    'imsmanifest.xml': manifest,
    'welcome/index.html': HTML,
    'welcome/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'check/index.html': HTML,
  });
}

/** SCORM 1.2 with every item feature: mastery, launch data, time, parameters, xml:base, clusters, assets. */
export const MANIFEST_12_FULL = `<?xml version="1.0" encoding="UTF-8"?>
<!-- written by hand for the tests -->
<manifest identifier="com.example.cabin-safety" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xml:base="course/">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org-safety">
    <organization identifier="org-safety">
      <title>Cabin Safety</title>
      <item identifier="item-intro" identifierref="res-intro" parameters="?mode=intro">
        <title>Introduction</title>
        <adlcp:datafromlms>start=1;skin=dark</adlcp:datafromlms>
      </item>
      <item identifier="module-doors">
        <title>Module 1: Doors</title>
        <item identifier="item-doors" identifierref="res-doors" isvisible="false" parameters="&amp;attempt=1">
          <title>Door operation</title>
          <adlcp:masteryscore>80</adlcp:masteryscore>
          <adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed>
          <adlcp:timelimitaction>exit,message</adlcp:timelimitaction>
        </item>
        <item identifier="module-doors-deeper">
          <title>Deeper</title>
          <item identifier="item-slides" identifierref="res-slides" parameters="page=2">
            <title>Door slides</title>
          </item>
        </item>
      </item>
      <item identifier="item-summary" identifierref="res-summary">
        <title>Summary</title>
      </item>
    </organization>
  </organizations>
  <resources xml:base="content/">
    <resource identifier="res-intro" type="webcontent" adlcp:scormtype="sco" href="intro/index.html">
      <file href="intro/index.html"/>
      <dependency identifierref="res-shared"/>
    </resource>
    <resource identifier="res-doors" type="webcontent" adlcp:scormtype="sco" xml:base="doors/" href="launch.html?lang=en">
      <file href="launch.html"/>
    </resource>
    <resource identifier="res-slides" type="webcontent" adlcp:scormtype="asset" href="slides/door%20deck.pdf">
      <file href="slides/door%20deck.pdf"/>
    </resource>
    <resource identifier="res-summary" type="webcontent" adlcp:scormtype="sco" href="summary.html">
      <file href="summary.html"/>
    </resource>
    <resource identifier="res-shared" type="webcontent" adlcp:scormtype="asset">
      <file href="shared/api.js"/>
    </resource>
  </resources>
</manifest>`;

/** The files MANIFEST_12_FULL launches or lists. */
export const FILES_12_FULL: Record<string, string> = {
  'course/content/intro/index.html': HTML,
  'course/content/doors/launch.html': HTML,
  'course/content/slides/door deck.pdf': '%PDF-1.4',
  'course/content/summary.html': HTML,
  'course/content/shared/api.js': '// shared',
};

/**
 * SCORM 2004 4th edition: the default organization is not the first; imsss objectives (one via
 * a sequencingCollection), completionThreshold in both forms, dataFromLMS, time limits. The
 * imsss and adlcp prefixes are not the usual ones: names are matched by local name.
 */
export const MANIFEST_2004_FULL = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.fuel" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:cp-adl="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:ss="http://www.imsglobal.org/xsd/imsss">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="org-fuel">
    <organization identifier="org-draft">
      <title>Old draft</title>
      <item identifier="draft-1" identifierref="res-quiz"><title>Not this one</title></item>
    </organization>
    <organization identifier="org-fuel" adlseq:objectivesGlobalToSystem="false">
      <title>Fuel Systems</title>
      <item identifier="chapter-1">
        <title>Chapter 1</title>
        <item identifier="fuel-basics" identifierref="res-lesson">
          <title>Fuel basics</title>
          <cp-adl:completionThreshold completedByMeasure="true" minProgressMeasure="0.75"/>
          <cp-adl:dataFromLMS>chapter=1</cp-adl:dataFromLMS>
        </item>
        <item identifier="fuel-quiz" identifierref="res-quiz">
          <title>Fuel quiz</title>
          <cp-adl:timeLimitAction>continue,no message</cp-adl:timeLimitAction>
          <cp-adl:completionThreshold>0.6</cp-adl:completionThreshold>
          <ss:sequencing>
            <ss:limitConditions attemptAbsoluteDurationLimit="PT45M"/>
            <ss:objectives>
              <ss:primaryObjective objectiveID="quiz-passed" satisfiedByMeasure="true">
                <ss:minNormalizedMeasure>0.7</ss:minNormalizedMeasure>
              </ss:primaryObjective>
            </ss:objectives>
          </ss:sequencing>
        </item>
      </item>
      <item identifier="final-exam" identifierref="res-exam">
        <title>Final exam</title>
        <cp-adl:completionThreshold completedByMeasure="false" minProgressMeasure="0.9"/>
        <ss:sequencing IDRef="exam-rules"/>
      </item>
      <ss:sequencing><ss:controlMode flow="true"/></ss:sequencing>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-lesson" type="webcontent" adlcp:scormType="sco" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" href="lesson/index.html">
      <file href="lesson/index.html"/>
    </resource>
    <resource identifier="res-quiz" type="webcontent" cp-adl:scormType="sco" href="quiz/index.html">
      <file href="quiz/index.html"/>
    </resource>
    <resource identifier="res-exam" type="webcontent" cp-adl:scormType="sco" href="exam/index.html">
      <file href="exam/index.html"/>
    </resource>
  </resources>
  <ss:sequencingCollection>
    <ss:sequencing ID="exam-rules">
      <ss:objectives>
        <ss:primaryObjective objectiveID="exam-passed" satisfiedByMeasure="true">
          <ss:minNormalizedMeasure>0.85</ss:minNormalizedMeasure>
        </ss:primaryObjective>
      </ss:objectives>
    </ss:sequencing>
  </ss:sequencingCollection>
</manifest>`;

export const FILES_2004_FULL: Record<string, string> = {
  'lesson/index.html': HTML,
  'quiz/index.html': HTML,
  'exam/index.html': HTML,
};

/** A package the import must refuse, the message that says why, and the limits to use. */
export interface BrokenPackage {
  case: string;
  zip: Buffer;
  message: RegExp;
  /** 'zip': refused by openPackageZip or extraction; 'package': by the manifest checks. */
  stage: 'zip' | 'package';
  limits?: Partial<PackageLimits>;
}

/** Every refusal of a package import, each as a zip (the 10,001-entry one takes a moment). */
export async function brokenPackages(): Promise<BrokenPackage[]> {
  const manifest = simpleManifest12('Broken', [
    { id: 'one', title: 'Lesson one', href: 'one/index.html' },
  ]);
  const good = { 'imsmanifest.xml': manifest, 'one/index.html': HTML };
  const withEntry = (name: string, data: string | Buffer = 'x', compress = true) =>
    buildZip([
      ...Object.entries(good).map(([entryName, entryData]) => ({
        name: entryName,
        data: entryData,
      })),
      { name, data, compress },
    ]);
  const many = Array.from({ length: 10_000 }, (_, index) => ({
    name: `many/${index}.txt`,
    data: '',
  }));
  return [
    {
      case: 'not a zip',
      zip: Buffer.from('This is a text file, not a zip archive.'),
      message: /it is not a zip file/,
      stage: 'zip',
    },
    {
      case: 'no imsmanifest.xml at the root',
      zip: await buildZip({ 'course/imsmanifest.xml': manifest, 'course/one/index.html': HTML }),
      message:
        /there is no imsmanifest.xml at the root of the zip \(there is 'course\/imsmanifest.xml'/,
      stage: 'package',
    },
    {
      case: 'malformed XML',
      zip: await buildZip({ ...good, 'imsmanifest.xml': manifest.replace('<title>', '<title') }),
      message: /imsmanifest.xml is not well-formed XML \(line 8, column \d+/,
      stage: 'package',
    },
    {
      case: 'no organization',
      zip: await buildZip({
        ...good,
        'imsmanifest.xml': manifest.replace(/<organizations[\s\S]*<\/organizations>/, ''),
      }),
      message: /imsmanifest.xml has no <organization>/,
      stage: 'package',
    },
    {
      case: 'no resources',
      zip: await buildZip({
        ...good,
        'imsmanifest.xml': manifest.replace(/<resources>[\s\S]*<\/resources>/, '<resources/>'),
      }),
      message: /imsmanifest.xml has no <resources>/,
      stage: 'package',
    },
    {
      case: 'a launch file missing from the zip',
      zip: await buildZip({ 'imsmanifest.xml': manifest, 'one/other.html': HTML }),
      message: /the launch file 'one\/index.html' of item 'one' \('Lesson one'\) is not in the zip/,
      stage: 'package',
    },
    {
      case: "a path with '..'",
      zip: patchEntry(await withEntry('xx/evil.txt'), 'xx/evil.txt', { rename: '../evil.txt' }),
      message: /entry '..\/evil.txt' has a '..' segment in its path/,
      stage: 'zip',
    },
    {
      case: 'an absolute path',
      zip: patchEntry(await withEntry('xevil.txt'), 'xevil.txt', { rename: '/evil.txt' }),
      message: /entry '\/evil.txt' has an absolute path/,
      stage: 'zip',
    },
    {
      case: 'a drive letter',
      zip: patchEntry(await withEntry('C_/evil.txt'), 'C_/evil.txt', { rename: 'C:/evil.txt' }),
      message: /entry 'C:\/evil.txt' has a drive letter in its path/,
      stage: 'zip',
    },
    {
      case: 'a backslash',
      zip: patchEntry(await withEntry('one/evil.txt'), 'one/evil.txt', { rename: 'one\\evil.txt' }),
      message: /entry 'one\\evil.txt' has a backslash in its path/,
      stage: 'zip',
    },
    {
      case: 'a symbolic link',
      zip: await buildZip([
        ...Object.entries(good).map(([name, data]) => ({ name, data })),
        { name: 'one/link.html', data: '/etc/passwd', mode: 0o120777 },
      ]),
      message: /entry 'one\/link.html' is a symbolic link/,
      stage: 'zip',
    },
    {
      case: 'an encrypted entry',
      zip: patchEntry(await withEntry('one/secret.html'), 'one/secret.html', { setFlags: 0x0001 }),
      message: /entry 'one\/secret.html' is encrypted/,
      stage: 'zip',
    },
    {
      case: 'more than 10,000 entries',
      zip: await buildZip([
        ...Object.entries(good).map(([name, data]) => ({ name, data })),
        ...many,
      ]),
      message: /it has 10002 entries, more than the 10000 allowed/,
      stage: 'zip',
    },
    {
      case: 'more than 1 GiB uncompressed (declared)',
      zip: patchEntry(await withEntry('one/huge.bin'), 'one/huge.bin', {
        uncompressedSize: 0xc000_0000,
      }),
      message: /it holds more than 1 GiB uncompressed/,
      stage: 'zip',
    },
    {
      case: 'a zip bomb (inflates to more than it declares)',
      zip: patchEntry(
        await withEntry('one/bomb.bin', Buffer.alloc(4 * 1024 * 1024)),
        'one/bomb.bin',
        {
          uncompressedSize: 1000,
        },
      ),
      message: /entry 'one\/bomb.bin' does not inflate to the size it declares/,
      stage: 'zip',
    },
    {
      case: 'more inflated bytes than the total limit',
      zip: await withEntry('one/big.bin', Buffer.alloc(200_000)),
      message: /it holds more than 100000 bytes uncompressed/,
      stage: 'zip',
      limits: { maxTotalBytes: 100_000 },
    },
    {
      case: 'a cmi5 package',
      zip: await buildZip({ 'cmi5.xml': '<courseStructure/>', 'index.html': HTML }),
      message:
        /this is a cmi5 package \(it has cmi5.xml, not imsmanifest.xml\); Waypoint plays SCORM 1.2 and 2004\./,
      stage: 'package',
    },
    {
      case: 'an xAPI (Tin Can) package',
      zip: await buildZip({ 'tincan.xml': '<tincan/>', 'story.html': HTML }),
      message: /this is an xAPI \(Tin Can\) package \(it has tincan.xml, not imsmanifest.xml\)/,
      stage: 'package',
    },
    {
      case: 'an AICC package',
      zip: await buildZip({
        'COURSE.CRS': '[Course]',
        'COURSE.AU': '"system_id"',
        'COURSE.DES': '"system_id"',
        'COURSE.CST': '"block"',
        'index.html': HTML,
      }),
      message:
        /this is an AICC package \(it has the course structure file COURSE.CRS, not imsmanifest.xml\); Waypoint plays SCORM 1.2 and 2004\./,
      stage: 'package',
    },
    {
      case: 'an organization without an identifier',
      zip: await buildZip({
        ...good,
        'imsmanifest.xml': manifest.replace('<organization identifier="org">', '<organization>'),
      }),
      message: /organization 1 \('Broken'\) has no identifier/,
      stage: 'package',
    },
    {
      case: 'a default naming no organization',
      zip: await buildZip({
        ...good,
        'imsmanifest.xml': manifest.replace('default="org"', 'default="org-gone"'),
      }),
      message:
        /the default organization 'org-gone' \(<organizations default>\) is not the identifier/,
      stage: 'package',
    },
    {
      case: 'a SCORM 2004 parent item with a resource',
      zip: await buildZip({
        ...FILES_2004_FULL,
        'imsmanifest.xml': MANIFEST_2004_FULL.replace(
          '<item identifier="chapter-1">',
          '<item identifier="chapter-1" identifierref="res-lesson">',
        ),
      }),
      message: /item 'chapter-1' \('Chapter 1'\) has child items and also refers to resource/,
      stage: 'package',
    },
    {
      case: 'a manifest over 5 MB',
      zip: await buildZip({
        ...good,
        'imsmanifest.xml': manifest.replace(
          '<metadata>',
          `<!-- ${'padding '.repeat(700_000)} --><metadata>`,
        ),
      }),
      message: /imsmanifest.xml is larger than 5 MB/,
      stage: 'package',
    },
  ];
}

/**
 * The SCO script every lesson of exitLessonsPackage12 shares: finds the SCORM 1.2 API up the
 * frames, initialises on load and finishes in `unload`, as much authored content does. Each page
 * adds its own behaviour through `window.lesson` (self-contained: no script from a CDN).
 */
const SCO_12_SCRIPT = `
function findApi(win) {
  for (var depth = 0; win && depth < 10; depth += 1) {
    if (win.API) return win.API;
    if (win.parent === win) break;
    win = win.parent;
  }
  return null;
}
var api = findApi(window);
var finished = false;
function finish() {
  if (api && !finished) { finished = true; api.LMSFinish(''); }
}
window.addEventListener('load', function () {
  if (!api) { document.getElementById('state').textContent = 'No LMS API found.'; return; }
  api.LMSInitialize('');
  if (window.lesson && window.lesson.start) window.lesson.start(api);
});
window.addEventListener('beforeunload', function () {
  if (api && window.lesson && window.lesson.beforeUnload) window.lesson.beforeUnload(api);
});
window.addEventListener('unload', finish);
`;

function scoPage(title: string, body: string, lesson: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>${body}<p id="state" role="status"></p>
<script>${SCO_12_SCRIPT}</script>
<script>window.lesson = ${lesson};</script>
</body></html>`;
}

/**
 * SCORM 1.2 package of four lessons for the ways a SCO ends (ADR 0007):
 * - 'Bookmarked pages' sets its location on each page, and exit=suspend (with suspend_data) ONLY
 *   in `beforeunload`, as a common authoring pattern does; a resumed launch says where it resumes;
 * - 'Page turner' only initialises and finishes (no status, no score);
 * - 'Mastery check' (mastery score 80) sets only a raw score: 90 or 50;
 * - 'Unweighted quiz' (no mastery score) sets a raw score of 100 and 'completed'.
 */
export async function exitLessonsPackage12(title = 'Exit Lessons'): Promise<Buffer> {
  const manifest = simpleManifest12(title, [
    { id: 'bookmark', title: 'Bookmarked pages', href: 'bookmark/index.html' },
    { id: 'turner', title: 'Page turner', href: 'turner/index.html' },
    { id: 'mastery', title: 'Mastery check', href: 'mastery/index.html', masteryScore: 80 },
    { id: 'quiz', title: 'Unweighted quiz', href: 'quiz/index.html' },
  ]);
  const bookmark = scoPage(
    'Bookmarked pages',
    '<p id="page"></p><button type="button" id="next">Next page</button>',
    `{
  page: 1,
  show: function () { document.getElementById('page').textContent = 'Page ' + this.page + ' of 5'; },
  start: function (api) {
    var self = this;
    var location = api.LMSGetValue('cmi.core.lesson_location');
    if (api.LMSGetValue('cmi.core.entry') === 'resume' && location !== '') {
      self.page = Number(location);
      document.getElementById('state').textContent =
        'Resumed at page ' + location + ' (' + api.LMSGetValue('cmi.suspend_data') + ')';
    } else {
      api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
      document.getElementById('state').textContent = 'Starting at page 1';
    }
    self.show();
    document.getElementById('next').addEventListener('click', function () {
      self.page = Math.min(5, self.page + 1);
      api.LMSSetValue('cmi.core.lesson_location', String(self.page));
      api.LMSCommit('');
      self.show();
    });
  },
  beforeUnload: function (api) {
    api.LMSSetValue('cmi.suspend_data', 'suspended in beforeunload at page ' + this.page);
    api.LMSSetValue('cmi.core.exit', 'suspend');
  }
}`,
  );
  const turner = scoPage(
    'Page turner',
    '<p>Read this page; there is nothing to answer.</p>',
    '{ start: function () { document.getElementById("state").textContent = "Reading"; } }',
  );
  const mastery = scoPage(
    'Mastery check',
    '<button type="button" id="good">Score 90</button><button type="button" id="poor">Score 50</button>',
    `{
  start: function (api) {
    function score(raw) {
      api.LMSSetValue('cmi.core.score.raw', raw);
      api.LMSCommit('');
      document.getElementById('state').textContent = 'Scored ' + raw;
    }
    document.getElementById('good').addEventListener('click', function () { score('90'); });
    document.getElementById('poor').addEventListener('click', function () { score('50'); });
  }
}`,
  );
  const quiz = scoPage(
    'Unweighted quiz',
    '<button type="button" id="submit">Submit quiz</button>',
    `{
  start: function (api) {
    document.getElementById('submit').addEventListener('click', function () {
      api.LMSSetValue('cmi.core.score.raw', '100');
      api.LMSSetValue('cmi.core.lesson_status', 'completed');
      api.LMSCommit('');
      document.getElementById('state').textContent = 'You scored 100%';
    });
  }
}`,
  );
  return buildZip({
    'imsmanifest.xml': manifest,
    'bookmark/index.html': bookmark,
    'turner/index.html': turner,
    'mastery/index.html': mastery,
    'quiz/index.html': quiz,
  });
}

/**
 * The SCO page of the sequencing-case packages below: finds the SCORM 2004 API, shows what the
 * LMS gave it (entry, cmi.max_time_allowed, completion and success) and has buttons for what a
 * learner does: complete, pass, leave without setting anything (Terminate only), continue to the
 * next activity (adl.nav.request), or exit the course. Self-contained, for unit, server and
 * end-to-end tests alike.
 */
export const SEQUENCING_CASE_SCO_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SCO</title></head>
<body>
<h1 id="title">SCO</h1>
<p id="status">loading</p>
<p>
  <button id="complete" type="button">Complete</button>
  <button id="pass" type="button">Pass</button>
  <button id="leave" type="button">Leave</button>
  <button id="continue" type="button">Continue</button>
  <button id="exitall" type="button">Exit course</button>
</p>
<script>
(function () {
  function find(win) {
    for (var i = 0; win && i < 10; i += 1) {
      if (win.API_1484_11) return win.API_1484_11;
      if (win === win.parent) break;
      win = win.parent;
    }
    return null;
  }
  var api = find(window.parent) || find(window.opener);
  var status = document.getElementById('status');
  if (!api) { status.textContent = 'no API'; return; }
  api.Initialize('');
  document.getElementById('title').textContent = document.title;
  function show() {
    status.textContent = 'entry=' + api.GetValue('cmi.entry') +
      ' max_time_allowed=' + api.GetValue('cmi.max_time_allowed') +
      ' completion=' + api.GetValue('cmi.completion_status') +
      ' success=' + api.GetValue('cmi.success_status');
  }
  function leave(request) {
    if (request) api.SetValue('adl.nav.request', request);
    api.Terminate('');
    status.textContent = 'terminated ' + (request || '');
  }
  document.getElementById('complete').onclick = function () {
    api.SetValue('cmi.completion_status', 'completed'); api.Commit(''); show();
  };
  document.getElementById('pass').onclick = function () {
    api.SetValue('cmi.score.scaled', '0.9');
    api.SetValue('cmi.success_status', 'passed');
    api.SetValue('cmi.completion_status', 'completed');
    api.Commit(''); show();
  };
  document.getElementById('leave').onclick = function () { leave(''); };
  document.getElementById('continue').onclick = function () { leave('continue'); };
  document.getElementById('exitall').onclick = function () { leave('exitAll'); };
  show();
})();
</script>
</body></html>
`;

/** A leaf item of a sequencing-case package: its own imsss:sequencing, if any, as inner XML. */
interface CaseItem {
  id: string;
  title: string;
  sequencing?: string;
  /** Attributes written on the <item> (e.g. isvisible="false"). */
  attributes?: string;
  children?: CaseItem[];
}

function caseItemXml(item: CaseItem, indent: string): string {
  const attributes = item.attributes ? ` ${item.attributes}` : '';
  const sequencing = item.sequencing
    ? `\n${indent}  <imsss:sequencing>${item.sequencing}</imsss:sequencing>`
    : '';
  if (item.children) {
    return `${indent}<item identifier="${item.id}"${attributes}><title>${item.title}</title>
${item.children.map((child) => caseItemXml(child, `${indent}  `)).join('\n')}${sequencing}
${indent}</item>`;
  }
  return `${indent}<item identifier="${item.id}" identifierref="res-${item.id}"${attributes}><title>${item.title}</title>${sequencing}
${indent}</item>`;
}

const caseLeaves = (items: CaseItem[]): CaseItem[] =>
  items.flatMap((item) => (item.children ? caseLeaves(item.children) : [item]));

/**
 * A SCORM 2004 4th edition package: one organization (its title, or none when `title` is null,
 * with `metadata` as the manifest's own metadata), these items, the organization's sequencing.
 */
async function casePackage(
  identifier: string,
  title: string | null,
  items: CaseItem[],
  options: { organizationSequencing?: string; metadata?: string } = {},
): Promise<Buffer> {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test.${identifier}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:lom="http://ltsc.ieee.org/xsd/LOM">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion>${options.metadata ?? ''}</metadata>
  <organizations default="org-${identifier}">
    <organization identifier="org-${identifier}">${title === null ? '' : `\n      <title>${title}</title>`}
${items.map((item) => caseItemXml(item, '      ')).join('\n')}${
    options.organizationSequencing
      ? `\n      <imsss:sequencing>${options.organizationSequencing}</imsss:sequencing>`
      : ''
  }
    </organization>
  </organizations>
  <resources>
${caseLeaves(items)
  .map(
    (item) =>
      `    <resource identifier="res-${item.id}" type="webcontent" adlcp:scormType="sco" href="${item.id}.html"><file href="${item.id}.html"/></resource>`,
  )
  .join('\n')}
  </resources>
</manifest>`;
  const files: Record<string, string> = { 'imsmanifest.xml': manifest };
  for (const item of caseLeaves(items)) {
    files[`${item.id}.html`] = SEQUENCING_CASE_SCO_HTML.replace(
      '<title>SCO</title>',
      `<title>${item.title}</title>`,
    );
  }
  return buildZip(files);
}

const CHOICE_AND_FLOW = '<imsss:controlMode choice="true" flow="true"/>';

/**
 * Invisible wrapper: every lesson sits in one item with isvisible="false", choice allowed. CAM:
 * isvisible concerns that item only, so the three lessons are listed and launchable.
 */
export function invisibleWrapperPackage(): Promise<Buffer> {
  return casePackage(
    'invisible-wrapper',
    'Invisible wrapper',
    [
      {
        id: 'wrapper',
        title: 'Wrapper',
        attributes: 'isvisible="false"',
        children: [
          { id: 'wrap-one', title: 'Wrapped one' },
          { id: 'wrap-two', title: 'Wrapped two' },
          { id: 'wrap-three', title: 'Wrapped three' },
        ],
      },
    ],
    { organizationSequencing: CHOICE_AND_FLOW },
  );
}

/**
 * Duration limits written with years and months: five years on the first lesson, one year and
 * six months on the second (imsss:limitConditions attemptAbsoluteDurationLimit). SN: an LMS need
 * not enforce them; both lessons start, and cmi.max_time_allowed reads the limit back.
 */
export function fiveYearLimitPackage(): Promise<Buffer> {
  const limit = (duration: string) =>
    `<imsss:limitConditions attemptAbsoluteDurationLimit="${duration}"/>`;
  return casePackage(
    'five-year-limit',
    'Five-year limit',
    [
      { id: 'limit-five-years', title: 'Five years', sequencing: limit('P5Y') },
      { id: 'limit-year-and-half', title: 'Year and a half', sequencing: limit('P1Y6M') },
    ],
    { organizationSequencing: CHOICE_AND_FLOW },
  );
}

/**
 * Random selection: a pool of four tests of which each attempt draws two
 * (randomizationControls selectCount="2", selectionTiming="onEachNewAttempt").
 */
export function randomSelectionPackage(): Promise<Buffer> {
  return casePackage(
    'random-selection',
    'Random selection',
    [
      {
        id: 'pool',
        title: 'Test pool',
        sequencing: `${CHOICE_AND_FLOW}
          <imsss:randomizationControls selectionTiming="onEachNewAttempt" selectCount="2"/>`,
        children: [
          { id: 'pool-a', title: 'Test A' },
          { id: 'pool-b', title: 'Test B' },
          { id: 'pool-c', title: 'Test C' },
          { id: 'pool-d', title: 'Test D' },
        ],
      },
    ],
    { organizationSequencing: CHOICE_AND_FLOW },
  );
}

/**
 * No score rolls up: both lessons have objectiveMeasureWeight="0" (SN RB.1.1: no counted
 * measure), so the course's measure is unknown, not 0, even once both are passed with a score.
 */
export function noScoreRollupPackage(): Promise<Buffer> {
  const weightless = '<imsss:rollupRules objectiveMeasureWeight="0"/>';
  return casePackage(
    'no-score-rollup',
    'No score rollup',
    [
      { id: 'weightless-one', title: 'Weightless one', sequencing: weightless },
      { id: 'weightless-two', title: 'Weightless two', sequencing: weightless },
    ],
    { organizationSequencing: CHOICE_AND_FLOW },
  );
}

/**
 * Content that sets no status: with `setByContent` false (SCORM's defaults) the LMS completes and
 * satisfies the attempt when it ends (SN End Attempt Process); with true, it leaves it alone
 * (imsss:deliveryControls completionSetByContent and objectiveSetByContent).
 */
export function contentSetsNothingPackage(setByContent: boolean): Promise<Buffer> {
  const controls = setByContent
    ? '<imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>'
    : '';
  const name = setByContent ? 'set-by-content' : 'set-by-lms';
  return casePackage(
    `silent-${name}`,
    setByContent ? 'Silent, set by content' : 'Silent, set by the LMS',
    [
      {
        id: `silent-${name}`,
        title: setByContent ? 'Silent lesson (set by content)' : 'Silent lesson (set by the LMS)',
        ...(controls ? { sequencing: controls } : {}),
      },
      { id: `after-${name}`, title: 'After the silent lesson' },
    ],
    { organizationSequencing: CHOICE_AND_FLOW },
  );
}

/**
 * An organization without <title>; the manifest's metadata names the course (LOM general/title),
 * unless `metadataTitle` is null.
 */
export function untitledOrganizationPackage(
  metadataTitle: string | null = 'Untitled organization course',
): Promise<Buffer> {
  const metadata =
    metadataTitle === null
      ? ''
      : `
    <lom:lom><lom:general><lom:title><lom:string language="en">${metadataTitle}</lom:string></lom:title></lom:general></lom:lom>`;
  return casePackage(
    'untitled-organization',
    null,
    [{ id: 'untitled-lesson', title: 'Untitled lesson' }],
    { organizationSequencing: CHOICE_AND_FLOW, metadata },
  );
}
