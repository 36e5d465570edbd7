import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatResult } from '../../cli/format.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms } from '../../test/factories.js';
import { untitledOrganizationPackage } from '../../test/test-packages.js';
import { parseManifest } from './manifest.js';

const TOKEN = randomBytes(32).toString('hex');

// An organization without <title> (the CP schema requires one) is imported under a name taken
// from the manifest's metadata, else the organization's identifier, and the import says so in a
// warning the operator API answers and import-scorm prints (ADR 0007, An organization without a
// title).
describe('an organization without a title: named from the manifest, with a warning at import', () => {
  let t: TestApp;

  const importScorm = async (zip: Buffer, course?: string) => {
    const query = new URLSearchParams({ lms: 'delta', curriculum: 'Untitled' });
    if (course) query.set('course', course);
    const response = await fetch(`${t.baseUrl}/lms/operator/commands/import-scorm?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip', authorization: `Bearer ${TOKEN}` },
      body: new Uint8Array(zip),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      package: { title: string };
      course: { name: string };
      warnings: string[];
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ operatorToken: TOKEN });
    await buildLms(t.db, { lmsCode: 'delta' });
  });
  afterAll(() => t.close());

  it("takes the title of the manifest's metadata (LOM general/title), and the answer and import-scorm's output warn of it", async () => {
    const result = await importScorm(await untitledOrganizationPackage('Hydraulics refresher'));
    expect(result.package.title).toBe('Hydraulics refresher');
    expect(result.course.name).toBe('Hydraulics refresher');
    const warning =
      "The organization 'org-untitled-organization' has no <title>: the course is named 'Hydraulics refresher', the title in the manifest's metadata.";
    expect(result.warnings).toContain(warning);
    expect(formatResult('import-scorm', result)).toContain(`Warning: ${warning}`);
  });

  it("without a metadata title, takes the organization's identifier and says how to name the course", async () => {
    const result = await importScorm(await untitledOrganizationPackage(null));
    expect(result.package.title).toBe('org-untitled-organization');
    expect(result.warnings).toContain(
      "The organization 'org-untitled-organization' has no <title> and the manifest's metadata gives none: the course is named after its identifier, 'org-untitled-organization'. Import it again with a course name (import-scorm --course), or add a <title> to the organization.",
    );
    const named = await importScorm(
      await untitledOrganizationPackage(null),
      'Named by the operator',
    );
    expect(named.course.name).toBe('Named by the operator');
  });

  it('an organization with a title imports without that warning; the 1.2 IMS Metadata langstring is read too', () => {
    const manifest = (organizationTitle: string) => `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2" xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion>
    <imsmd:lom><imsmd:general><imsmd:title><imsmd:langstring xml:lang="en">Metadata name</imsmd:langstring></imsmd:title></imsmd:general></imsmd:lom>
  </metadata>
  <organizations default="org-1"><organization identifier="org-1">${organizationTitle}
    <item identifier="i" identifierref="r"><title>Lesson</title></item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="a.html"><file href="a.html"/></resource></resources>
</manifest>`;
    const titled = parseManifest(manifest('<title>Own title</title>'));
    expect(titled.title).toBe('Own title');
    expect(titled.warnings).toEqual([]);
    const untitled = parseManifest(manifest(''));
    expect(untitled.title).toBe('Metadata name');
    expect(untitled.organization.title).toBe('Metadata name');
    expect(untitled.warnings).toHaveLength(1);
  });
});
