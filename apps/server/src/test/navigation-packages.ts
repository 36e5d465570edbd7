/**
 * Test helper: SCORM 2004 packages for the player's navigation (SN NB.2.1, CAM hideLMSUI), shared
 * by the server's tests and the e2e tests. Built on sequencing-packages.ts's manifest and SCO page.
 */
import {
  SEQUENCING_SCO_HTML,
  sequencedManifest,
  type SequencedItem,
} from './sequencing-packages.js';
import { buildZip } from './test-packages.js';

/**
 * A package whose items carry adlnav:presentation/navigationInterface with these hideLMSUI values
 * (by item id); leaves only (each has its SCO page).
 */
export async function presentationPackage(
  title: string,
  items: SequencedItem[],
  hide: Record<string, string[]>,
  options: { organizationSequencing?: string } = {},
): Promise<Buffer> {
  let manifest = sequencedManifest(title, items, options);
  for (const [id, values] of Object.entries(hide)) {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) throw new Error(`no item ${id}`);
    const presentation = `<adlnav:presentation><adlnav:navigationInterface>${values
      .map((value) => `<adlnav:hideLMSUI>${value}</adlnav:hideLMSUI>`)
      .join('')}</adlnav:navigationInterface></adlnav:presentation>`;
    manifest = manifest.replace(
      `<title>${item.title}</title>`,
      `<title>${item.title}</title>${presentation}`,
    );
  }
  const files: Record<string, string> = { 'imsmanifest.xml': manifest };
  for (const item of items) {
    files[`${item.id}.html`] = SEQUENCING_SCO_HTML.replace(
      '<title>SCO</title>',
      `<title>${item.title}</title>`,
    );
  }
  return buildZip(files);
}

/** Flow only and forward only: no choice, no going back (SN controlMode forwardOnly). */
export const FORWARD_ONLY = {
  organizationSequencing: `<imsss:controlMode choice="false" flow="true" forwardOnly="true"/>`,
  items: [
    { id: 'fw-1', title: 'Forward one' },
    { id: 'fw-2', title: 'Forward two' },
    { id: 'fw-3', title: 'Forward three' },
  ] satisfies SequencedItem[],
};

/** Choice and flow; the tour hides the LMS's Previous and Next (it has its own). */
export const GUIDED = {
  organizationSequencing: `<imsss:controlMode choice="true" flow="true"/>`,
  items: [
    { id: 'guided', title: 'Guided tour' },
    { id: 'after', title: 'After the tour' },
  ] satisfies SequencedItem[],
  hide: { guided: ['continue', 'previous'] },
};
