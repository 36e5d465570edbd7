// @vitest-environment jsdom
/**
 * The demo SCORM packages: written for this project and built into zips by a script
 * (`npm run build:demo-content`), one SCORM 1.2 lesson and one SCORM 2004 lesson with a scored
 * quiz, suspend data and bookmarking. The zips are checked as the importer will read them; the SCOs
 * are run in a frame (jsdom) against scorm-again, the runtime of Waypoint's player, which refuses
 * any value SCORM does not allow.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import vm from 'node:vm';
import { within } from '@testing-library/dom';
import { XMLParser } from 'fast-xml-parser';
// The package root: its types and its ESM build agree on these named exports.
import { Scorm12API, Scorm2004API } from 'scorm-again';
import yauzl from 'yauzl';
import {
  buildDemoPackageZip,
  DEMO_PACKAGES,
  demoPackageFolder,
  HYDRAULICS_QUIZ_ANSWERS,
  listDemoPackageFiles,
  type DemoPackageId,
} from './demo-packages.js';

interface ZipEntry {
  name: string;
  modified: Date;
  mode: number;
  data: Buffer;
}

/** Every entry of a zip, in the order stored. */
async function readZip(zip: Buffer): Promise<ZipEntry[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const read = async (entry: yauzl.Entry): Promise<ZipEntry> => {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    return {
      name: entry.fileName,
      modified: entry.getLastModDate(),
      mode: entry.externalFileAttributes >>> 16,
      data: Buffer.concat(chunks),
    };
  };
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    file.on('error', reject);
    file.on('end', () => resolve(entries));
    file.on('entry', (entry: yauzl.Entry) => {
      read(entry).then((read) => {
        entries.push(read);
        file.readEntry();
      }, reject);
    });
    file.readEntry();
  });
}

// Local names only (prefixes vary between packages); lists always arrays.
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  isArray: (name) => ['organization', 'item', 'resource', 'file', 'dependency'].includes(name),
});

interface ManifestItem {
  identifier: string;
  identifierref?: string;
  title: string;
  item?: ManifestItem[];
  [key: string]: unknown;
}
interface ManifestResource {
  identifier: string;
  href?: string;
  scormtype?: string;
  scormType?: string;
  file?: { href: string }[];
  dependency?: { identifierref: string }[];
}
interface Manifest {
  metadata: { schema: string; schemaversion: string | number };
  organizations: { default: string; organization: (ManifestItem & { item: ManifestItem[] })[] };
  resources: { resource: ManifestResource[] };
}

function parseManifest(text: string): Manifest {
  return (xml.parse(text) as { manifest: Manifest }).manifest;
}

/** Leaf items (the SCOs) of an item tree, in order. */
function leaves(items: ManifestItem[]): ManifestItem[] {
  return items.flatMap((item) => (item.item ? leaves(item.item) : [item]));
}

describe('demo package zips', () => {
  it.each(DEMO_PACKAGES.map((demo) => [demo.id]))(
    '%s: imsmanifest.xml at the zip root and every file the manifest names, nothing else',
    async (id) => {
      const entries = await readZip(await buildDemoPackageZip(id));
      const names = entries.map((entry) => entry.name);
      expect(names).toContain('imsmanifest.xml');
      const manifest = parseManifest(
        entries.find((entry) => entry.name === 'imsmanifest.xml')!.data.toString('utf8'),
      );
      const named = new Set<string>();
      for (const resource of manifest.resources.resource) {
        if (resource.href) named.add(resource.href);
        for (const file of resource.file ?? []) named.add(file.href);
      }
      // The import refuses a launch file missing from the zip; a careful author lists all.
      expect([...named].filter((href) => !names.includes(href))).toEqual([]);
      expect(names.filter((name) => name !== 'imsmanifest.xml' && !named.has(name))).toEqual([]);
    },
  );

  it.each(DEMO_PACKAGES.map((demo) => [demo.id]))(
    '%s: the same bytes on every build (sorted entries, fixed time and mode)',
    async (id) => {
      const [first, second] = [await buildDemoPackageZip(id), await buildDemoPackageZip(id)];
      expect(first.equals(second)).toBe(true);
      const entries = await readZip(first);
      const names = entries.map((entry) => entry.name);
      expect(names).toEqual([...names].sort());
      expect(names).toEqual(await listDemoPackageFiles(id));
      for (const entry of entries) {
        expect(entry.modified).toEqual(new Date(2025, 0, 1, 0, 0, 0));
        expect(entry.mode).toBe(0o100644);
      }
    },
  );
});

describe('demo package manifests', () => {
  const manifestOf = async (id: DemoPackageId) =>
    parseManifest(await readFile(path.join(demoPackageFolder(id), 'imsmanifest.xml'), 'utf8'));

  it('safety-briefing is SCORM 1.2 with one SCO and launch data', async () => {
    const manifest = await manifestOf('safety-briefing');
    expect(String(manifest.metadata.schemaversion)).toBe('1.2');
    const [organization] = manifest.organizations.organization;
    expect(organization!.identifier).toBe(manifest.organizations.default);
    expect(organization!.title).toBe('Cabin Safety Briefing');
    const scos = leaves(organization!.item);
    expect(scos.map((item) => [item.identifier, item.title])).toEqual([
      ['item-safety-briefing', 'Cabin Safety Briefing'],
    ]);
    expect(scos[0]!.datafromlms).toBe('A320 family cabin crew');
    const [resource] = manifest.resources.resource;
    expect(resource).toMatchObject({ href: 'index.html', scormtype: 'sco' });
  });

  it('systems-quiz is SCORM 2004 4th Edition: a cluster of the overview and the scored quiz', async () => {
    const manifest = await manifestOf('systems-quiz');
    expect(manifest.metadata.schemaversion).toBe('2004 4th Edition');
    const organization = manifest.organizations.organization.find(
      (candidate) => candidate.identifier === manifest.organizations.default,
    )!;
    expect(organization.title).toBe('Aircraft Systems: Hydraulics');
    const [cluster] = organization.item;
    expect(cluster!.title).toBe('Hydraulic Systems');
    expect(cluster!.identifierref).toBeUndefined();
    // Continue from the overview to the quiz needs flow navigation in the cluster.
    expect(cluster!.sequencing).toMatchObject({ controlMode: { flow: 'true' } });
    const [overview, quiz] = leaves(organization.item);
    expect([overview, quiz].map((item) => [item!.identifier, item!.title])).toEqual([
      ['item-hydraulics-overview', 'Hydraulics Overview'],
      ['item-hydraulics-quiz', 'Hydraulics Quiz'],
    ]);
    expect(overview!.completionThreshold).toEqual({
      completedByMeasure: 'true',
      minProgressMeasure: '1.0',
    });
    expect(quiz!.sequencing).toMatchObject({
      objectives: { primaryObjective: { satisfiedByMeasure: 'true', minNormalizedMeasure: 0.8 } },
    });
    const scoResources = manifest.resources.resource.filter((r) => r.scormType === 'sco');
    expect(scoResources.map((r) => r.href)).toEqual(['overview/index.html', 'quiz/index.html']);
  });

  it('reading-lessons is SCORM 1.2: one item per lesson of lessons.js, all playing one SCO by their launch data', async () => {
    const manifest = await manifestOf('reading-lessons');
    expect(String(manifest.metadata.schemaversion)).toBe('1.2');
    const [organization] = manifest.organizations.organization;
    const readings = await dataOf<Record<string, { title: string }>>(
      'reading-lessons',
      'lessons.js',
      'DEMO_READINGS',
    );
    const items = leaves(organization!.item);
    expect(items.map((item) => [item.identifier, item.title, item.datafromlms])).toEqual(
      Object.entries(readings).map(([key, lesson]) => [`item-${key}`, lesson.title, key]),
    );
    expect(new Set(items.map((item) => item.identifierref))).toEqual(new Set(['res-reading']));
    // No adlcp:prerequisites: each item is a lesson of its own (ADR 0007, package locks).
    expect(items.filter((item) => 'prerequisites' in item)).toEqual([]);
  });

  it('knowledge-checks is SCORM 2004 without sequencing: one item per check of checks.js, played directly', async () => {
    const manifest = await manifestOf('knowledge-checks');
    expect(manifest.metadata.schemaversion).toBe('2004 4th Edition');
    const [organization] = manifest.organizations.organization;
    const checks = await dataOf<Record<string, { title: string }>>(
      'knowledge-checks',
      'checks.js',
      'DEMO_CHECKS',
    );
    const items = leaves(organization!.item);
    expect(items.map((item) => [item.identifier, item.title, item.dataFromLMS])).toEqual(
      Object.entries(checks).map(([key, check]) => [`item-${key}`, check.title, key]),
    );
    // Sequencing would put the checks under one sequencer and lock them (ADR 0007).
    const xml = await readFile(
      path.join(demoPackageFolder('knowledge-checks'), 'imsmanifest.xml'),
      'utf8',
    );
    expect(xml).not.toMatch(/<imsss:|<adlseq:/);
  });

  it.each(DEMO_PACKAGES.map((demo) => [demo.id, demo.title]))(
    '%s: DEMO_PACKAGES title is the default organization title',
    async (id, title) => {
      const manifest = await manifestOf(id);
      const organization = manifest.organizations.organization.find(
        (candidate) => candidate.identifier === manifest.organizations.default,
      );
      expect(organization?.title).toBe(title);
    },
  );
});

/** The data a package's script puts on window (lessons.js, checks.js), read as a browser would. */
async function dataOf<T>(id: DemoPackageId, file: string, name: string): Promise<T> {
  const absolute = path.join(demoPackageFolder(id), file);
  const sandbox: { window: Record<string, unknown> } = { window: {} };
  vm.runInNewContext(await readFile(absolute, 'utf8'), sandbox, { filename: absolute });
  return sandbox.window[name] as T;
}

/** Every content file of every demo package, with its text. */
async function contentFiles(extensions: string[]) {
  const files: { id: DemoPackageId; file: string; absolute: string; text: string }[] = [];
  for (const { id } of DEMO_PACKAGES) {
    for (const file of await listDemoPackageFiles(id)) {
      if (!extensions.includes(path.extname(file))) continue;
      const absolute = path.join(demoPackageFolder(id), file);
      files.push({ id, file, absolute, text: await readFile(absolute, 'utf8') });
    }
  }
  return files;
}

describe('demo content is self-contained and safe to serve (brief: no external URLs, no eval)', () => {
  it('no file loads anything from another site', async () => {
    const files = await contentFiles(['.html', '.css', '.js', '.svg']);
    expect(files.length).toBeGreaterThan(10);
    // SVG and XML namespace names are identifiers, not addresses that are fetched.
    const external = /(?:https?:)?\/\/(?!www\.w3\.org\/2000\/svg")[a-z0-9.-]+\.[a-z]{2,}/gi;
    const offenders = files.flatMap(({ id, file, text }) =>
      (text.match(external) ?? []).map((url) => `${id}/${file}: ${url}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no inline event handler attributes, no eval or Function()', async () => {
    const markup = await contentFiles(['.html', '.svg']);
    const handlers = markup.filter(({ text }) => /<[^>]+\son[a-z]+\s*=/i.test(text));
    expect(handlers.map(({ file }) => file)).toEqual([]);
    const scripts = await contentFiles(['.js']);
    const evaluating = scripts.filter(({ text }) => /\beval\s*\(|\bFunction\s*\(/.test(text));
    expect(evaluating.map(({ file }) => file)).toEqual([]);
  });

  it('every script parses, as a module (node --check) and as a classic script', async () => {
    const scripts = await contentFiles(['.js']);
    expect(scripts.length).toBe(12);
    for (const { absolute, text } of scripts) {
      await expect(
        promisify(execFile)(process.execPath, ['--check', absolute]),
      ).resolves.toBeTruthy();
      expect(() => new vm.Script(text, { filename: absolute })).not.toThrow();
    }
  });
});

interface QuizOption {
  id: string;
  label: string;
  correct?: boolean;
}
interface QuizQuestion {
  id: string;
  text: string;
  options: QuizOption[];
}

describe('Hydraulics Quiz answers (brief: obvious to a reader of the source, so tests can answer)', () => {
  it('questions.js has five questions, one correct option each, matching HYDRAULICS_QUIZ_ANSWERS and its comment', async () => {
    const file = path.join(demoPackageFolder('systems-quiz'), 'quiz/questions.js');
    const source = await readFile(file, 'utf8');
    const sandbox: { window: { HYDRAULICS_QUIZ?: { questions: QuizQuestion[] } } } = { window: {} };
    vm.runInNewContext(source, sandbox, { filename: file });
    const questions = sandbox.window.HYDRAULICS_QUIZ!.questions;
    expect(questions).toHaveLength(5);
    for (const question of questions) {
      expect(question.options.filter((option) => option.correct)).toHaveLength(1);
    }
    expect(questions.map((q) => q.options.find((option) => option.correct)!.label)).toEqual([
      ...HYDRAULICS_QUIZ_ANSWERS,
    ]);
    const labels = questions.flatMap((q) => q.options.map((option) => option.label));
    expect(new Set(labels).size).toBe(labels.length);
    const comment = source.slice(0, source.indexOf('window.HYDRAULICS_QUIZ ='));
    HYDRAULICS_QUIZ_ANSWERS.forEach((answer, index) => {
      expect(comment).toContain(`Question ${index + 1}: "${answer}"`);
    });
  });
});

// --- The SCOs at work: each page in a frame whose parent holds the LMS's API object. ---

interface LmsLog {
  /** Last value the SCO set for each element (accepted by the runtime). */
  set: Map<string, string>;
  /** SetValue calls the runtime refused, with its error code. */
  refused: string[];
  /** 'commit' and 'finish' in the order called. */
  calls: string[];
}
interface Lms {
  windowName: 'API' | 'API_1484_11';
  api: Scorm12API | Scorm2004API;
  log: LmsLog;
}

const quiet = { autocommit: false, lmsCommitUrl: false, logLevel: 5 } as const;

/** A SCORM 1.2 runtime as the player sets it up, starting from `initial` (element -> value). */
function scorm12Lms(initial: Record<string, string> = {}): Lms & { api: Scorm12API } {
  const api = new Scorm12API(quiet);
  api.loadFromFlattenedJSON(initial);
  const log: LmsLog = { set: new Map(), refused: [], calls: [] };
  const [setValue, commit, finish] = [api.LMSSetValue, api.LMSCommit, api.LMSFinish].map((call) =>
    call.bind(api),
  ) as [Scorm12API['LMSSetValue'], Scorm12API['LMSCommit'], Scorm12API['LMSFinish']];
  api.LMSSetValue = (element: string, value: string) => {
    const result = setValue(element, value);
    if (result === 'true') log.set.set(element, String(value));
    else log.refused.push(`${element}=${value} (${api.LMSGetLastError()})`);
    return result;
  };
  api.LMSCommit = (parameter?: string) => (log.calls.push('commit'), commit(parameter));
  api.LMSFinish = (parameter?: string) => (log.calls.push('finish'), finish(parameter));
  return { windowName: 'API', api, log };
}

/** A SCORM 2004 runtime as the player sets it up, starting from `initial`. */
function scorm2004Lms(initial: Record<string, string> = {}): Lms & { api: Scorm2004API } {
  const api = new Scorm2004API(quiet);
  api.loadFromFlattenedJSON(initial);
  const log: LmsLog = { set: new Map(), refused: [], calls: [] };
  const [setValue, commit, terminate] = [api.SetValue, api.Commit, api.Terminate].map((call) =>
    call.bind(api),
  ) as [Scorm2004API['SetValue'], Scorm2004API['Commit'], Scorm2004API['Terminate']];
  api.SetValue = (element: string, value: string) => {
    const result = setValue(element, value);
    if (result === 'true') log.set.set(element, String(value));
    else log.refused.push(`${element}=${value} (${api.GetLastError()})`);
    return result;
  };
  api.Commit = (parameter?: string) => (log.calls.push('commit'), commit(parameter));
  api.Terminate = (parameter?: string) => (log.calls.push('finish'), terminate(parameter));
  return { windowName: 'API_1484_11', api, log };
}

let playerWindow: Window | undefined;

afterEach(() => {
  if (playerWindow) {
    delete (playerWindow as unknown as Record<string, unknown>).API;
    delete (playerWindow as unknown as Record<string, unknown>).API_1484_11;
  }
  document.body.textContent = '';
});

/** Opens a SCO page in a frame (its scripts inlined, in order) with `lms` in the parent window. */
async function openSco(id: DemoPackageId, page: string, lms?: Lms) {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const frame = iframe.contentWindow!;
  playerWindow = frame.parent;
  if (lms) (playerWindow as unknown as Record<string, unknown>)[lms.windowName] = lms.api;

  const file = path.join(demoPackageFolder(id), page);
  const html = await readFile(file, 'utf8');
  const sources = [...html.matchAll(/<script src="([^"]+)"[^>]*><\/script>/g)].map((m) => m[1]!);
  const doc = frame.document;
  doc.open();
  doc.write(html.replace(/<script src="[^"]+"[^>]*><\/script>/g, ''));
  doc.close();
  for (const source of sources) {
    const script = doc.createElement('script');
    script.textContent = await readFile(path.resolve(path.dirname(file), source), 'utf8');
    doc.head.append(script);
  }
  const screen = within(doc.body);
  return {
    doc,
    screen,
    click: (name: string) => screen.getByRole('button', { name }).click(),
    /** What the browser does when the window closes or the player loads the next SCO. */
    leave: () => {
      // An event of the frame's own realm, as the browser would fire it there.
      const FrameEvent = (frame as unknown as { Event: typeof Event }).Event;
      frame.dispatchEvent(new FrameEvent('pagehide'));
    },
    heading: () => screen.getByRole('heading', { level: 1 }).textContent,
  };
}

/** Quiz: picks each label in turn from question `first` on, with Next between questions. */
function answer(sco: Awaited<ReturnType<typeof openSco>>, labels: readonly string[], first = 1) {
  labels.forEach((label, index) => {
    expect(sco.screen.getByText(`Question ${first + index} of 5`)).toBeTruthy();
    sco.screen.getByLabelText(label).click();
    if (index < labels.length - 1) sco.click('Next');
  });
}

const NOT_CONNECTED = 'Not connected to an LMS: progress will not be saved';

describe('Cabin Safety Briefing (SCORM 1.2 SCO)', () => {
  it('starts incomplete at page 1, shows the launch data, completes on the summary, exits normally', async () => {
    const lms = scorm12Lms({
      'cmi.core.entry': 'ab-initio',
      'cmi.launch_data': 'A320 family cabin crew',
    });
    const sco = await openSco('safety-briefing', 'index.html', lms);
    expect(sco.heading()).toBe('Cabin Safety Briefing');
    expect(sco.screen.getByText('A320 family cabin crew')).toBeTruthy();
    expect(lms.log.set.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(lms.log.set.get('cmi.core.lesson_location')).toBe('1');
    expect(sco.screen.queryByRole('button', { name: 'Previous' })).toBeNull();

    for (const title of ['Know your exits', 'The brace position', 'Oxygen masks', 'Summary']) {
      sco.click('Next');
      expect(sco.heading()).toBe(title);
    }
    expect(lms.log.set.get('cmi.core.lesson_location')).toBe('5');
    expect(lms.log.set.get('cmi.core.lesson_status')).toBe('completed');
    expect(sco.screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(lms.log.calls.filter((call) => call === 'commit')).toHaveLength(5);

    sco.click('Exit');
    expect(lms.log.set.get('cmi.core.exit')).toBe('');
    expect(lms.log.set.get('cmi.core.session_time')).toMatch(/^\d{4}:\d{2}:\d{2}\.\d{2}$/);
    expect(lms.log.calls.at(-1)).toBe('finish');
    expect(lms.log.calls.filter((call) => call === 'finish')).toHaveLength(1);
    sco.leave();
    expect(lms.log.calls.filter((call) => call === 'finish')).toHaveLength(1);
    expect(lms.log.refused).toEqual([]);
  });

  it('resumes at the bookmarked page and suspends when left before the end', async () => {
    const lms = scorm12Lms({
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_location': '3',
      'cmi.core.lesson_status': 'incomplete',
    });
    const sco = await openSco('safety-briefing', 'index.html', lms);
    expect(sco.screen.getByRole('status').textContent).toBe('Welcome back: resuming at page 3');
    expect(sco.heading()).toBe('The brace position');
    sco.click('Previous');
    expect(lms.log.set.get('cmi.core.lesson_location')).toBe('2');
    sco.leave();
    expect(lms.log.set.get('cmi.core.exit')).toBe('suspend');
    expect(lms.log.set.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(lms.log.calls.at(-1)).toBe('finish');
    expect(lms.log.refused).toEqual([]);
  });
});

describe('Hydraulics Overview (SCORM 2004 SCO 1)', () => {
  it('bookmarks each page, measures progress, completes at the end and asks to continue', async () => {
    const lms = scorm2004Lms({ 'cmi.entry': 'ab-initio', 'cmi.completion_threshold': '1' });
    const sco = await openSco('systems-quiz', 'overview/index.html', lms);
    expect(sco.heading()).toBe('What the hydraulic system does');
    expect(lms.log.set.get('cmi.progress_measure')).toBe('0.33');
    sco.click('Next');
    expect(lms.log.set.get('cmi.progress_measure')).toBe('0.67');
    expect(lms.log.set.get('cmi.completion_status')).toBe('incomplete');
    sco.click('Next');
    expect(sco.heading()).toBe('Redundancy');
    expect(lms.log.set.get('cmi.location')).toBe('3');
    expect(lms.log.set.get('cmi.progress_measure')).toBe('1');
    expect(lms.log.set.get('cmi.completion_status')).toBe('completed');

    sco.click('Continue to the quiz');
    expect(lms.log.set.get('adl.nav.request')).toBe('continue');
    expect(lms.log.set.get('cmi.exit')).toBe('normal');
    expect(lms.log.set.get('cmi.session_time')).toMatch(/^PT(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?$/);
    expect(lms.log.calls.at(-1)).toBe('finish');
    expect(sco.doc.body.textContent).toContain(
      'The player is taking you on to the Hydraulics Quiz.',
    );
    expect(lms.log.refused).toEqual([]);
  });

  it('resumes at the bookmarked page without lowering the progress measure', async () => {
    const lms = scorm2004Lms({
      'cmi.entry': 'resume',
      'cmi.location': '2',
      'cmi.progress_measure': '0.67',
      'cmi.completion_status': 'incomplete',
    });
    const sco = await openSco('systems-quiz', 'overview/index.html', lms);
    expect(sco.screen.getByRole('status').textContent).toBe('Welcome back: resuming at page 2');
    expect(sco.heading()).toBe('The main components');
    sco.click('Previous');
    expect(lms.log.set.has('cmi.progress_measure')).toBe(false);
    sco.leave();
    expect(lms.log.set.get('cmi.exit')).toBe('suspend');
    expect(lms.log.refused).toEqual([]);
  });
});

describe('Hydraulics Quiz (SCORM 2004 SCO 2)', () => {
  const fresh = { 'cmi.entry': 'ab-initio', 'cmi.scaled_passing_score': '0.8' };

  it('scores itself on submit: 4 of 5 passes at the 0.8 passing score', async () => {
    const lms = scorm2004Lms(fresh);
    const sco = await openSco('systems-quiz', 'quiz/index.html', lms);
    expect(lms.log.set.get('cmi.completion_status')).toBe('incomplete');
    answer(sco, [...HYDRAULICS_QUIZ_ANSWERS.slice(0, 4), 'The landing gear as it retracts']);
    sco.click('Submit quiz');
    expect(sco.screen.getByText('You scored 4 of 5 (80%): passed')).toBeTruthy();
    expect(
      Object.fromEntries([...lms.log.set].filter(([key]) => key.startsWith('cmi.s'))),
    ).toMatchObject({
      'cmi.score.min': '0',
      'cmi.score.max': '5',
      'cmi.score.raw': '4',
      'cmi.score.scaled': '0.8',
      'cmi.success_status': 'passed',
    });
    expect(lms.log.set.get('cmi.completion_status')).toBe('completed');
    expect(lms.log.set.get('cmi.interactions.4.result')).toBe('incorrect');
    expect(lms.log.set.get('cmi.interactions.0.result')).toBe('correct');
    sco.leave();
    expect(lms.log.set.get('cmi.exit')).toBe('normal');
    expect(lms.log.calls.at(-1)).toBe('finish');
    expect(lms.log.refused).toEqual([]);
  });

  it('fails below the passing score: 3 of 5 is 60%', async () => {
    const lms = scorm2004Lms(fresh);
    const sco = await openSco('systems-quiz', 'quiz/index.html', lms);
    answer(sco, [
      ...HYDRAULICS_QUIZ_ANSWERS.slice(0, 3),
      'To save weight',
      'The aircraft battery alone',
    ]);
    sco.click('Submit quiz');
    expect(sco.screen.getByText('You scored 3 of 5 (60%): failed')).toBeTruthy();
    expect(lms.log.set.get('cmi.score.scaled')).toBe('0.6');
    expect(lms.log.set.get('cmi.success_status')).toBe('failed');
    expect(lms.log.set.get('cmi.completion_status')).toBe('completed');
    expect(lms.log.refused).toEqual([]);
  });

  it('will not submit with a question unanswered, and says which', async () => {
    const lms = scorm2004Lms(fresh);
    const sco = await openSco('systems-quiz', 'quiz/index.html', lms);
    sco.screen.getByLabelText(HYDRAULICS_QUIZ_ANSWERS[0]).click();
    for (let question = 2; question <= 5; question += 1) sco.click('Next');
    sco.screen.getByLabelText(HYDRAULICS_QUIZ_ANSWERS[4]).click();
    sco.click('Submit quiz');
    expect(sco.screen.getByRole('alert').textContent).toBe(
      'Answer every question before you submit. Not answered yet: question 2, question 3, question 4.',
    );
    expect(sco.screen.getByText('Question 2 of 5')).toBeTruthy();
    expect(lms.log.set.has('cmi.score.raw')).toBe(false);
  });

  it('keeps answers in suspend_data and the question in location, and resumes from both', async () => {
    const first = scorm2004Lms(fresh);
    const before = await openSco('systems-quiz', 'quiz/index.html', first);
    answer(before, HYDRAULICS_QUIZ_ANSWERS.slice(0, 2));
    before.click('Next');
    before.leave();
    expect(first.log.set.get('cmi.exit')).toBe('suspend');
    expect(first.log.set.get('cmi.location')).toBe('3');
    const suspendData = first.log.set.get('cmi.suspend_data')!;
    expect(JSON.parse(suspendData)).toEqual({ answers: { q1: 'b', q2: 'c' }, submitted: false });
    expect(first.log.set.has('cmi.score.raw')).toBe(false);

    // The next launch, as the player starts it from what was stored.
    const second = scorm2004Lms({
      ...fresh,
      'cmi.entry': 'resume',
      'cmi.location': '3',
      'cmi.suspend_data': suspendData,
      'cmi.completion_status': 'incomplete',
    });
    const after = await openSco('systems-quiz', 'quiz/index.html', second);
    expect(after.screen.getByRole('status').textContent).toBe('Resuming at question 3');
    expect(after.screen.getByText('Question 3 of 5')).toBeTruthy();
    expect(after.screen.getByText('2 of 5 answered')).toBeTruthy();
    after.click('Previous');
    expect((after.screen.getByLabelText('3,000 psi') as HTMLInputElement).checked).toBe(true);
    after.click('Next');
    answer(after, HYDRAULICS_QUIZ_ANSWERS.slice(2), 3);
    after.click('Submit quiz');
    expect(after.screen.getByText('You scored 5 of 5 (100%): passed')).toBeTruthy();
    expect(second.log.refused).toEqual([]);
  });
});

describe('without an LMS (brief: say so, and still work)', () => {
  it.each([
    ['safety-briefing', 'index.html', 'Know your exits'],
    ['systems-quiz', 'overview/index.html', 'The main components'],
  ] as const)('%s %s: notice, and Next still turns the page', async (id, page, secondTitle) => {
    const sco = await openSco(id, page);
    expect(sco.screen.getByRole('status').textContent).toBe(NOT_CONNECTED);
    sco.click('Next');
    expect(sco.heading()).toBe(secondTitle);
    sco.leave();
  });

  it('the quiz can still be taken and scored', async () => {
    const sco = await openSco('systems-quiz', 'quiz/index.html');
    expect(sco.screen.getByRole('status').textContent).toBe(NOT_CONNECTED);
    answer(sco, HYDRAULICS_QUIZ_ANSWERS);
    sco.click('Submit quiz');
    expect(sco.screen.getByText('You scored 5 of 5 (100%): passed')).toBeTruthy();
  });
});

interface Reading {
  title: string;
  intro: string;
  pages: { heading: string }[];
  summary: string[];
}

describe('reading lessons (SCORM 1.2 SCO, one per item by its launch data)', () => {
  it('every lesson has an introduction, two pages and a summary, plainly written', async () => {
    const readings = await dataOf<Record<string, Reading>>(
      'reading-lessons',
      'lessons.js',
      'DEMO_READINGS',
    );
    expect(Object.keys(readings).length).toBe(19);
    for (const lesson of Object.values(readings)) {
      expect(lesson.intro.length).toBeGreaterThan(20);
      expect(lesson.pages).toHaveLength(2);
      expect(lesson.summary.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("shows its launch data's lesson, starts incomplete, completes on the summary (page 4), exits normally", async () => {
    const lms = scorm12Lms({ 'cmi.core.entry': 'ab-initio', 'cmi.launch_data': 'rnp-apch' });
    const sco = await openSco('reading-lessons', 'index.html', lms);
    expect(sco.heading()).toBe('RNP APCH');
    expect(sco.doc.title).toBe('RNP APCH');
    expect(sco.screen.getByText('Page 1 of 4')).toBeTruthy();
    expect(lms.log.set.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(sco.screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    sco.click('Next');
    expect(sco.heading()).toBe('What it needs');
    expect(lms.log.set.get('cmi.core.lesson_location')).toBe('2');
    sco.click('Next');
    sco.click('Next');
    expect(sco.heading()).toBe('Summary');
    expect(sco.screen.getByText('You have completed RNP APCH.')).toBeTruthy();
    expect(sco.screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(lms.log.set.get('cmi.core.lesson_status')).toBe('completed');
    sco.click('Exit');
    expect(lms.log.set.get('cmi.core.exit')).toBe('');
    expect(lms.log.calls.at(-1)).toBe('finish');
    expect(sco.heading()).toBe('Lesson closed');
    expect(lms.log.refused).toEqual([]);
  });

  it('resumes at the bookmarked page and suspends when left before the end', async () => {
    const lms = scorm12Lms({
      'cmi.core.entry': 'resume',
      'cmi.launch_data': 'sleep-science',
      'cmi.core.lesson_location': '3',
      'cmi.core.lesson_status': 'incomplete',
    });
    const sco = await openSco('reading-lessons', 'index.html', lms);
    expect(sco.screen.getByRole('status').textContent).toBe('Welcome back: resuming at page 3');
    expect(sco.heading()).toBe('Getting good sleep');
    sco.leave();
    expect(lms.log.set.get('cmi.core.exit')).toBe('suspend');
    expect(lms.log.set.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(lms.log.refused).toEqual([]);
  });

  it('in browse mode it is browsed, never completed (§4 Play modes: "without completion")', async () => {
    const lms = scorm12Lms({
      'cmi.core.entry': 'ab-initio',
      'cmi.core.lesson_mode': 'browse',
      'cmi.launch_data': 'systems-overview',
    });
    const sco = await openSco('reading-lessons', 'index.html', lms);
    for (let page = 2; page <= 4; page += 1) sco.click('Next');
    expect(sco.heading()).toBe('Summary');
    expect(lms.log.set.get('cmi.core.lesson_status')).toBe('browsed');
    sco.leave();
    expect(lms.log.set.get('cmi.core.exit')).toBe('suspend');
    expect(lms.log.refused).toEqual([]);
  });

  it('says so when its launch data names no lesson, and offers no pages', async () => {
    const lms = scorm12Lms({ 'cmi.core.entry': 'ab-initio', 'cmi.launch_data': 'toString' });
    const sco = await openSco('reading-lessons', 'index.html', lms);
    expect(sco.screen.getByRole('status').textContent).toBe(
      'This package has no reading lesson called "toString".',
    );
    expect(sco.screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});

interface Check {
  title: string;
  passingScore: number;
  questions: { text: string; options: { label: string; correct?: boolean }[] }[];
}

describe('knowledge checks (SCORM 2004 SCO, one per item by its launch data)', () => {
  /** Answers each question with the correct option, or the first wrong one for `wrong` (1-based). */
  const take = (sco: Awaited<ReturnType<typeof openSco>>, check: Check, wrong: number[] = []) => {
    check.questions.forEach((question, index) => {
      const option = wrong.includes(index + 1)
        ? question.options.find((o) => !o.correct)!
        : question.options.find((o) => o.correct)!;
      sco.screen.getByLabelText(option.label).click();
      if (index < check.questions.length - 1) sco.click('Next');
    });
    sco.click('Submit answers');
  };
  let checks: Record<string, Check>;

  it('every check has four questions, one correct option each, labels unique within it', async () => {
    checks = await dataOf<Record<string, Check>>('knowledge-checks', 'checks.js', 'DEMO_CHECKS');
    expect(Object.keys(checks).length).toBe(6);
    for (const check of Object.values(checks)) {
      expect(check.questions).toHaveLength(4);
      for (const question of check.questions) {
        expect(question.options.filter((o) => o.correct)).toHaveLength(1);
      }
      const labels = check.questions.flatMap((q) => q.options.map((o) => o.label));
      expect(new Set(labels).size).toBe(labels.length);
      expect(check.passingScore).toBeGreaterThan(0);
      expect(check.passingScore).toBeLessThanOrEqual(1);
    }
  });

  it('scores itself against its own pass mark when the LMS gives none: 3 of 4 passes at 75%', async () => {
    const lms = scorm2004Lms({
      'cmi.entry': 'ab-initio',
      'cmi.launch_data': 'classes-and-divisions',
    });
    const sco = await openSco('knowledge-checks', 'index.html', lms);
    expect(sco.heading()).toBe('Classes and Divisions');
    expect(sco.screen.getByText('Answer all 4 questions. You need 75% to pass.')).toBeTruthy();
    expect(lms.log.set.get('cmi.completion_status')).toBe('incomplete');
    take(sco, checks['classes-and-divisions']!, [4]);
    expect(sco.screen.getByText('You scored 3 of 4 (75%): passed')).toBeTruthy();
    expect(lms.log.set.get('cmi.score.scaled')).toBe('0.75');
    expect(lms.log.set.get('cmi.success_status')).toBe('passed');
    expect(lms.log.set.get('cmi.completion_status')).toBe('completed');
    expect(lms.log.set.get('cmi.interactions.0.id')).toBe('classes-and-divisions-q1');
    expect(lms.log.set.get('cmi.interactions.3.result')).toBe('incorrect');
    sco.leave();
    expect(lms.log.set.get('cmi.exit')).toBe('normal');
    expect(lms.log.refused).toEqual([]);
  });

  it('the Security Awareness Exam needs every answer right (its lesson is "Correct To 100%")', async () => {
    const lms = scorm2004Lms({
      'cmi.entry': 'ab-initio',
      'cmi.launch_data': 'security-awareness-exam',
    });
    const sco = await openSco('knowledge-checks', 'index.html', lms);
    take(sco, checks['security-awareness-exam']!, [2]);
    expect(sco.screen.getByText('You scored 3 of 4 (75%): failed')).toBeTruthy();
    expect(lms.log.set.get('cmi.success_status')).toBe('failed');
    expect(lms.log.refused).toEqual([]);
  });

  it("the LMS's cmi.scaled_passing_score wins over the check's own", async () => {
    const lms = scorm2004Lms({
      'cmi.entry': 'ab-initio',
      'cmi.launch_data': 'nose-high-recovery',
      'cmi.scaled_passing_score': '0.5',
    });
    const sco = await openSco('knowledge-checks', 'index.html', lms);
    take(sco, checks['nose-high-recovery']!, [1, 2]);
    expect(sco.screen.getByText('You scored 2 of 4 (50%): passed')).toBeTruthy();
  });

  it('says so when its launch data names no check', async () => {
    const lms = scorm2004Lms({ 'cmi.entry': 'ab-initio', 'cmi.launch_data': 'nothing-here' });
    const sco = await openSco('knowledge-checks', 'index.html', lms);
    expect(sco.screen.getByRole('alert').textContent).toBe(
      'This package has no knowledge check called "nothing-here".',
    );
    expect(sco.screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
  });
});
