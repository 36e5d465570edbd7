import { describe, expect, it } from 'vitest';
import { PackageRefusedError } from './errors.js';
import { launchUrl, parseManifest, resolveHref } from './manifest.js';
import {
  MANIFEST_12_FULL,
  MANIFEST_2004_FULL,
  simpleManifest12,
} from '../../test/test-packages.js';

// The import reads imsmanifest.xml at the zip root (SCORM 1.2 adlcp:scormtype and SCORM 2004
// 2nd-4th edition adlcp:scormType; default organization, falling back to the first; xml:base
// chains; item parameters; clusters; assets) and makes one lesson per SCO with mastery score /
// completion threshold / launch data / max time from the manifest.

describe('parseManifest: SCORM 1.2', () => {
  const description = parseManifest(MANIFEST_12_FULL);
  const sco = (identifier: string) => description.scos.find((s) => s.identifier === identifier)!;

  it('reads the version, the organization title and its items in order', () => {
    expect(description).toMatchObject({
      identifier: 'com.example.cabin-safety',
      scormVersion: '1.2',
      schemaVersion: '1.2',
      title: 'Cabin Safety',
      organization: { identifier: 'org-safety', title: 'Cabin Safety' },
      warnings: [],
    });
    expect(description.scos.map((s) => [s.identifier, s.sortOrder])).toEqual([
      ['item-intro', 0],
      ['item-summary', 1],
      ['item-doors', 2],
      ['item-slides', 3],
    ]);
  });

  it('makes one topic per top-level cluster (nested leaves flattened) and one for top-level leaves, named after the organization', () => {
    expect(
      description.topics.map((topic) => [
        topic.name,
        topic.cluster,
        topic.scos.map((s) => s.identifier),
      ]),
    ).toEqual([
      ['Cabin Safety', null, ['item-intro', 'item-summary']],
      ['Module 1: Doors', 'module-doors', ['item-doors', 'item-slides']],
    ]);
  });

  it('applies the xml:base chain (manifest, resources, resource) to launch files, decoded and without the query', () => {
    expect(description.scos.map((s) => s.launchFile)).toEqual([
      'course/content/intro/index.html',
      'course/content/summary.html',
      'course/content/doors/launch.html',
      'course/content/slides/door deck.pdf',
    ]);
    expect(description.files).toContain('course/content/shared/api.js');
  });

  it('keeps item parameters, folding a query of the href in front of them', () => {
    expect(sco('item-intro').parameters).toBe('?mode=intro');
    expect(sco('item-doors').parameters).toBe('?lang=en&attempt=1');
    expect(sco('item-slides').parameters).toBe('page=2');
    expect(launchUrl(sco('item-doors').launchFile, sco('item-doors').parameters)).toBe(
      'course/content/doors/launch.html?lang=en&attempt=1',
    );
  });

  it('reads masteryscore, datafromlms, maxtimeallowed and timelimitaction', () => {
    expect(sco('item-doors')).toMatchObject({
      title: 'Door operation',
      masteryScore: 80,
      maxTimeAllowed: '00:30:00',
      timeLimitAction: 'exit,message',
      completionThreshold: null,
    });
    expect(sco('item-intro')).toMatchObject({
      launchData: 'start=1;skin=dark',
      masteryScore: null,
    });
  });

  it('tells SCOs from assets; isvisible="false" items are still lessons; dependencies are not', () => {
    expect(description.scos.map((s) => [s.identifier, s.scoType, s.isVisible])).toEqual([
      ['item-intro', 'sco', true],
      ['item-summary', 'sco', true],
      ['item-doors', 'sco', false],
      ['item-slides', 'asset', true],
    ]);
    expect(description.scos.map((s) => s.resourceIdentifier)).not.toContain('res-shared');
  });

  it('ignores a mastery score outside 0..100 with a warning', () => {
    const broken = simpleManifest12('Odd', [
      { id: 'a', title: 'A', href: 'a.html', masteryScore: 140 },
    ]);
    const result = parseManifest(broken);
    expect(result.scos[0]!.masteryScore).toBeNull();
    expect(result.warnings).toEqual([
      "Item 'a' adlcp:masteryscore '140' is not a number from 0 to 100; it is ignored.",
    ]);
  });
});

describe('parseManifest: SCORM 2004 4th edition', () => {
  const description = parseManifest(MANIFEST_2004_FULL);
  const sco = (identifier: string) => description.scos.find((s) => s.identifier === identifier)!;

  it('uses the default organization even when it is not the first', () => {
    expect(description).toMatchObject({
      scormVersion: '2004',
      schemaVersion: '2004 4th Edition',
      title: 'Fuel Systems',
      organization: { identifier: 'org-fuel' },
    });
    expect(description.scos.map((s) => s.identifier)).toEqual([
      'fuel-basics',
      'fuel-quiz',
      'final-exam',
    ]);
    expect(description.topics.map((t) => t.name)).toEqual(['Chapter 1', 'Fuel Systems']);
  });

  it('takes the mastery score from the primary objective satisfied by measure (scaled), also through a sequencingCollection', () => {
    expect(sco('fuel-quiz').masteryScore).toBe(0.7);
    expect(sco('final-exam').masteryScore).toBe(0.85);
    expect(sco('fuel-basics').masteryScore).toBeNull();
  });

  it('reads completionThreshold as element text (2nd/3rd ed.) and as minProgressMeasure when completedByMeasure="true" (4th ed.)', () => {
    expect(sco('fuel-quiz').completionThreshold).toBe(0.6);
    expect(sco('fuel-basics').completionThreshold).toBe(0.75);
    // completedByMeasure="false": the threshold does not apply.
    expect(sco('final-exam').completionThreshold).toBeNull();
  });

  it('reads dataFromLMS, attemptAbsoluteDurationLimit and timeLimitAction', () => {
    expect(sco('fuel-basics').launchData).toBe('chapter=1');
    expect(sco('fuel-quiz')).toMatchObject({
      maxTimeAllowed: 'PT45M',
      timeLimitAction: 'continue,no message',
    });
  });

  it('reads attemptAbsoluteDurationLimit as an ISO 8601 duration with years and months; a malformed one is ignored with a warning', () => {
    const limited = (limit: string) => parseManifest(MANIFEST_2004_FULL.replace('PT45M', limit));
    const quiz = (limit: string) =>
      limited(limit).scos.find((s) => s.identifier === 'fuel-quiz')!.maxTimeAllowed;
    expect(quiz('P5Y')).toBe('P5Y');
    expect(quiz('P1Y6M')).toBe('P1Y6M');
    expect(quiz('P1Y2M3DT4H5M6.5S')).toBe('P1Y2M3DT4H5M6.5S');
    expect(quiz('45 minutes')).toBe('');
    expect(limited('45 minutes').warnings).toContain(
      "Item 'fuel-quiz' imsss:attemptAbsoluteDurationLimit '45 minutes' is not an ISO 8601 duration (such as PT1H30M or P1Y6M); it is ignored.",
    );
  });

  it('reads adlcp:scormType whatever the prefix', () => {
    expect(description.scos.every((s) => s.scoType === 'sco')).toBe(true);
  });

  it('defaults minNormalizedMeasure to 1.0 when the objective is satisfied by measure without one', () => {
    const xml = MANIFEST_2004_FULL.replace(
      '<ss:minNormalizedMeasure>0.7</ss:minNormalizedMeasure>',
      '',
    );
    expect(parseManifest(xml).scos.find((s) => s.identifier === 'fuel-quiz')!.masteryScore).toBe(1);
  });

  it('takes the first organization when there is no default', () => {
    const xml = MANIFEST_2004_FULL.replace(' default="org-fuel"', '');
    expect(parseManifest(xml).title).toBe('Old draft');
  });
});

describe('parseManifest: the SCORM version', () => {
  const withVersion = (schemaversion: string | null, namespace: string, scormType: string) =>
    `<manifest identifier="m" xmlns:adlcp="${namespace}">
      ${schemaversion === null ? '' : `<metadata><schemaversion>${schemaversion}</schemaversion></metadata>`}
      <organizations><organization identifier="o"><title>T</title>
        <item identifier="i" identifierref="r"><title>I</title></item>
      </organization></organizations>
      <resources><resource identifier="r" adlcp:${scormType}="sco" href="a.html"/></resources>
    </manifest>`;
  const other = 'http://example.com/unknown';

  it.each([
    ['schemaversion 1.2', withVersion('1.2', other, 'scormtype'), '1.2'],
    ['schemaversion CAM 1.3', withVersion('CAM 1.3', other, 'scormtype'), '2004'],
    ['schemaversion 2004 3rd Edition', withVersion('2004 3rd Edition', other, 'scormtype'), '2004'],
    ['schemaversion 2004 4th Edition', withVersion('2004 4th Edition', other, 'scormtype'), '2004'],
    [
      'the 1.2 adlcp namespace',
      withVersion(null, 'http://www.adlnet.org/xsd/adlcp_rootv1p2', 'scormType'),
      '1.2',
    ],
    [
      'the 2004 adlcp namespace',
      withVersion(null, 'http://www.adlnet.org/xsd/adlcp_v1p3', 'scormtype'),
      '2004',
    ],
    ['the spelling scormType', withVersion(null, other, 'scormType'), '2004'],
    ['the spelling scormtype', withVersion(null, other, 'scormtype'), '1.2'],
  ])('from %s', (_how, xml, version) => {
    expect(parseManifest(xml).scormVersion).toBe(version);
  });
});

describe('parseManifest: broken manifests are refused with a message that says which', () => {
  const ok = simpleManifest12('Fine', [{ id: 'a', title: 'A', href: 'a.html' }]);
  it.each([
    [
      'malformed XML, with the line',
      ok.replace('</title>', '</titel>'),
      /not well-formed XML \(line 8, column 18: Expected closing tag 'title' .* instead of closing tag 'titel'\)\./,
    ],
    ['not XML at all', 'PK\u0003\u0004 binary', /not well-formed XML \(line 1/],
    ['an empty file', '', /not well-formed XML/],
    [
      'another root element',
      '<package><x/></package>',
      /<package> as its root element, not <manifest>/,
    ],
    [
      'no organization',
      ok.replace(/<organizations[\s\S]*<\/organizations>/, '<organizations/>'),
      /no <organization>/,
    ],
    [
      'no resources',
      ok.replace(/<resources>[\s\S]*<\/resources>/, '<resources/>'),
      /no <resources>/,
    ],
    [
      'an item pointing to no resource',
      ok.replace('identifierref="res-a"', 'identifierref="res-zz"'),
      /item 'a' refers to resource 'res-zz', which imsmanifest.xml does not declare/,
    ],
    [
      'a resource without href',
      ok.replace(' href="a.html"><file', '><file'),
      /resource 'res-a' \(item 'a'\) has no href to launch/,
    ],
    [
      'an outside launch address',
      ok.replace(' href="a.html"><file', ' href="https://cdn.example.com/a.html"><file'),
      /outside address \('https:\/\/cdn.example.com\/a.html'\)/,
    ],
    [
      'an organization without an identifier',
      ok.replace('<organization identifier="org">', '<organization>'),
      /organization 1 \('Fine'\) has no identifier, which every <organization> must have\./,
    ],
    [
      'an organization with an empty identifier (not the default one)',
      ok.replace(
        '</organizations>',
        '<organization identifier=" "><title>Spare</title></organization></organizations>',
      ),
      /organization 2 \('Spare'\) has no identifier/,
    ],
    [
      'a default naming no organization',
      ok.replace('default="org"', 'default="nowhere"'),
      /the default organization 'nowhere' \(<organizations default>\) is not the identifier of any <organization>\./,
    ],
    [
      'a SCORM 2004 parent item that refers to a resource',
      MANIFEST_2004_FULL.replace(
        '<item identifier="chapter-1">',
        '<item identifier="chapter-1" identifierref="res-lesson">',
      ),
      /item 'chapter-1' \('Chapter 1'\) has child items and also refers to resource 'res-lesson'; in SCORM 2004 only an item without child items may refer to a resource\./,
    ],
    [
      'an organization with nothing to launch',
      ok.replace(/<item [\s\S]*<\/item>/, '<item identifier="x"><title>X</title></item>'),
      /organization 'Fine' has no item that launches a SCO or an asset/,
    ],
  ])('%s', (_case, xml, message) => {
    expect(() => parseManifest(xml)).toThrow(PackageRefusedError);
    expect(() => parseManifest(xml)).toThrow(message);
  });
});

describe('launchUrl: parameters joined per SCORM', () => {
  it.each([
    ['index.html', '', 'index.html'],
    ['index.html', '?a=1', 'index.html?a=1'],
    ['index.html', '&a=1', 'index.html?a=1'],
    ['index.html', 'a=1', 'index.html?a=1'],
    ['index.html?x=1', 'a=1', 'index.html?x=1&a=1'],
    ['index.html?x=1', '?a=1', 'index.html?x=1&a=1'],
    ['index.html?x=1', '&a=1', 'index.html?x=1&a=1'],
    ['index.html', '#page2', 'index.html#page2'],
    ['index.html#page1', '#page2', 'index.html#page1'],
    ['index.html', '?a=1#page2', 'index.html?a=1#page2'],
    // Not percent-encoded: the path is as stored, the caller encodes it for a URL.
    ['my lesson/index.html', 'a=1', 'my lesson/index.html?a=1'],
  ])('launchUrl(%j, %j) = %j', (file, parameters, url) => {
    expect(launchUrl(file, parameters)).toBe(url);
  });
});

describe('resolveHref: xml:base chains', () => {
  it.each([
    [['course/', 'content/', 'sco1/'], 'index.html', 'course/content/sco1/index.html'],
    [['course', undefined, 'sco1'], 'index.html', 'course/sco1/index.html'],
    [[], 'a/../b/index.html?x=1#y', 'b/index.html'],
    [['http://cdn.example.com/'], 'index.html', null],
    [[], '//evil.example.com/x.html', null],
  ])('%j + %j -> %j', (bases, href, path) => {
    expect(resolveHref(bases, href)?.path ?? null).toBe(path);
  });
});

describe('parseManifest: a parent item that refers to a resource is a chapter, never also a lesson', () => {
  it('SCORM 1.2: read as a chapter, its resource not launched, with a warning', () => {
    const xml = MANIFEST_12_FULL.replace(
      '<item identifier="module-doors">',
      '<item identifier="module-doors" identifierref="res-summary">',
    ).replace(
      '<item identifier="module-doors-deeper">',
      '<item identifier="module-doors-deeper" identifierref="res-intro">',
    );
    const description = parseManifest(xml);
    expect(description.topics.map((t) => [t.name, t.scos.map((s) => s.identifier)])).toEqual([
      ['Cabin Safety', ['item-intro', 'item-summary']],
      ['Module 1: Doors', ['item-doors', 'item-slides']],
    ]);
    expect(description.warnings).toEqual([
      "Item 'module-doors' ('Module 1: Doors') has child items and also refers to resource 'res-summary': it is read as a chapter, and that resource is not launched.",
      "Item 'module-doors-deeper' ('Deeper') has child items and also refers to resource 'res-intro': it is read as a chapter, and that resource is not launched.",
    ]);
  });
});
