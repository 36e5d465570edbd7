/**
 * Setting the App Download links of an LMS (spec §1 strip, §3 App download link; docs/decisions/
 * 0024 "Install and app links"): the operator's `app-links` commands and the staff console. Each
 * change is checked by the domain's rule (whole https addresses, unique labels, at most 10) and
 * written as the whole list in one transaction; the console's records its audit event there too
 * (the operator's commands are recorded by run-command).
 */
import { appLinksProblems, normaliseAppLink, type AppLinkInput } from '@waypoint/domain/staff';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit, type AuditActor } from '../staff/audit.js';
import { listAppDownloadLinks, lockLms, replaceAppDownloadLinks } from './repo.js';

/** The LMS's links, in the strip's order. */
export async function appLinksOf(deps: { db: Db }, lmsKey: number): Promise<AppLinkInput[]> {
  return listAppDownloadLinks(deps.db, lmsKey);
}

/**
 * Works out the new list from the current one, checks it and stores it, in one transaction (the
 * LMS row held, so two changes never interleave). A refused list changes nothing (400 naming
 * every problem). With `audit`, the change is recorded as that staff member's.
 */
async function changeAppLinks(
  deps: { db: Db; clock: { now(): Date } },
  lmsKey: number,
  change: (current: AppLinkInput[]) => AppLinkInput[],
  audit?: AuditActor,
): Promise<AppLinkInput[]> {
  return deps.db.transaction().execute(async (trx) => {
    await lockLms(trx, lmsKey);
    const before = await listAppDownloadLinks(trx, lmsKey);
    const wanted = change(before);
    const problems = appLinksProblems(wanted);
    if (problems.length > 0) throw new HttpError(400, problems.join('\n'));
    const after = wanted.map(normaliseAppLink);
    await replaceAppDownloadLinks(trx, lmsKey, after);
    if (audit) {
      await recordAudit(trx, deps, audit, [
        {
          lmsKey,
          action: 'lms.app-links.update',
          targetType: 'lms',
          targetKey: lmsKey,
          summary:
            after.length === 0
              ? 'Removed the App Download links'
              : `Set the App Download links: ${after.map((link) => link.label).join(', ')}`,
          before: { links: before },
          after: { links: after },
        },
      ]);
    }
    return after;
  });
}

/** The console's save: the whole list, as the form sends it. */
export function replaceAppLinks(
  deps: { db: Db; clock: { now(): Date } },
  lmsKey: number,
  links: readonly AppLinkInput[],
  audit: AuditActor,
): Promise<AppLinkInput[]> {
  return changeAppLinks(deps, lmsKey, () => [...links], audit);
}

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The operator's `app-links set`: the link with this label (any case) gets the address, and the
 * render flag when given (else it keeps its own; a new link is shown); a new label goes last.
 */
export function setAppLink(
  deps: { db: Db; clock: { now(): Date } },
  lmsKey: number,
  link: { label: string; link: string; willRender?: boolean },
): Promise<AppLinkInput[]> {
  return changeAppLinks(deps, lmsKey, (current) => {
    const index = current.findIndex((existing) => sameLabel(existing.label, link.label));
    const old = current[index];
    const next = {
      label: link.label,
      link: link.link,
      willRender: link.willRender ?? old?.willRender ?? true,
    };
    return old
      ? current.map((existing, at) => (at === index ? next : existing))
      : [...current, next];
  });
}

/** The operator's `app-links clear`: the link with this label (404 when none has it), or all. */
export function clearAppLinks(
  deps: { db: Db; clock: { now(): Date } },
  lmsKey: number,
  label?: string,
): Promise<AppLinkInput[]> {
  return changeAppLinks(deps, lmsKey, (current) => {
    if (label === undefined) return [];
    const kept = current.filter((existing) => !sameLabel(existing.label, label));
    if (kept.length === current.length) {
      const labels = current.map((existing) => existing.label).join(', ') || 'none';
      throw new HttpError(404, `No App Download link labelled '${label}' (labels: ${labels}).`);
    }
    return kept;
  });
}
