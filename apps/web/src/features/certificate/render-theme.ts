/**
 * Fills a certificate theme (spec §7 theme files; docs/decisions/0011) with certificate data.
 * Values go in as text (textContent), never as HTML, so a name or text from the LMS cannot add
 * markup; sections whose setting is off or whose value is empty are removed (§3 the five toggles).
 */
import { formatDate, formatDuration, shortCertificateCode } from '@waypoint/domain';
import type { CertificateData } from '../../api/certificates';

/** Items above this count print in smaller type, so the page still fits one sheet. */
export const DENSE_ITEMS = 12;

const dateOrEmpty = (ms: number) => (ms > 0 ? formatDate(ms) : '');

/** The text of every data-field a theme may use. */
export function certificateFields(data: CertificateData): Record<string, string> {
  return {
    lmsName: data.lmsName,
    certificateTypeName: data.certificateTypeName,
    holderName: data.displayName,
    nameOther: data.nameOther,
    nameCollated: data.nameCollated,
    completedTitle: data.completedTitle,
    certificateText: data.certificateText,
    startedDate: dateOrEmpty(data.startedInstant),
    dateUserStarted: dateOrEmpty(data.dateUserStarted),
    completedDate: dateOrEmpty(data.completedInstant),
    totalTime: formatDuration(data.totalTime),
    // The score as every screen shows it (formatScorePercent, ADR 0010 "Scores"); none: no section.
    score: data.scoreText === '-' ? '' : data.scoreText,
    employeeID: data.employeeID,
    userID: data.userID,
    base: data.base,
    fleet: data.fleet,
    position: data.position,
    signatureName: data.signatureName,
    signatureTitle: data.signatureTitle,
    issuedDate: dateOrEmpty(data.issuedInstant),
    expiresDate: dateOrEmpty(data.expiresInstant),
    shortCode: shortCertificateCode(data.certificateId),
    verifyUrl: data.verifyUrl,
  };
}

/** Whether each data-section stays: the settings' toggles, and empty values dropped. */
function sectionShown(
  data: CertificateData,
  fields: Record<string, string>,
): Record<string, boolean> {
  const { settings } = data;
  return {
    'lms-name': settings.showLmsName && fields.lmsName !== '',
    summary: settings.showSummaryInfo,
    'assignment-list': settings.showAssignmentList && data.items.length > 0,
    text: settings.showText && fields.certificateText !== '',
    signature:
      settings.showSignature && (data.signatureName !== '' || data.signatureImageURL !== ''),
    started: fields.startedDate !== '',
    score: fields.score !== '',
    'employee-id': fields.employeeID !== '',
    position: fields.position !== '',
    base: fields.base !== '',
    fleet: fields.fleet !== '',
    expiry: data.expiresInstant > 0,
  };
}

/** The theme's HTML filled with the data (the article alone, ready to insert). */
export function renderCertificate(themeHtml: string, data: CertificateData): string {
  const doc = new DOMParser().parseFromString(themeHtml, 'text/html');
  // A theme is ours, but it is still HTML from a file: nothing in it may run.
  doc
    .querySelectorAll('script, iframe, object, embed, link, meta, base')
    .forEach((node) => node.remove());
  doc.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
    }
  });
  const fields = certificateFields(data);
  const shown = sectionShown(data, fields);
  doc.querySelectorAll<HTMLElement>('[data-section]').forEach((element) => {
    if (shown[element.dataset.section ?? ''] === false) element.remove();
  });
  doc.querySelectorAll<HTMLElement>('[data-field]').forEach((element) => {
    element.textContent = fields[element.dataset.field ?? ''] ?? '';
  });
  const images: Record<string, string> = { logo: data.logoURL, signature: data.signatureImageURL };
  doc.querySelectorAll<HTMLImageElement>('img[data-image]').forEach((image) => {
    const source = images[image.dataset.image ?? ''] ?? '';
    if (!source) image.remove();
    else {
      image.src = source;
      image.alt =
        image.dataset.image === 'logo'
          ? `${data.lmsName} logo`
          : `Signature of ${data.signatureName}`;
    }
  });
  const template = doc.querySelector<HTMLElement>('[data-item-template]');
  if (template) {
    for (const item of data.items) {
      const row = template.cloneNode(true) as HTMLElement;
      row.removeAttribute('data-item-template');
      const cells: Record<string, string> = {
        name: item.name,
        courseName: item.courseName,
        time: formatDuration(item.time),
        score: item.scoreText,
        completionStatus: item.completionStatus,
        completedDate: dateOrEmpty(item.completedInstant),
        versionName: item.versionName,
      };
      row.querySelectorAll<HTMLElement>('[data-item-field]').forEach((cell) => {
        cell.textContent = cells[cell.dataset.itemField ?? ''] ?? '';
      });
      template.before(row);
    }
    template.remove();
  }
  const article = doc.body.firstElementChild as HTMLElement | null;
  if (article && data.items.length > DENSE_ITEMS && data.settings.showAssignmentList) {
    article.classList.add('wp-dense');
  }
  return doc.body.innerHTML;
}
