import { expect, test, type Page } from '@playwright/test';
import { consoleSignIn, expectAccessibleAtBothWidths } from './support/console.js';
import { screenshotBoth } from './support/panel.js';

/** A console API call from the signed-in page (its session id and XSRF echo), as the app sends it. */
async function consoleApi<T>(page: Page, path: string, method = 'GET', body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const xsrf = /(?:^|; )CONSOLE-XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`/lms${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          sessionID: sessionStorage.getItem('waypoint.console.session') ?? '',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return (await response.json()) as T;
    },
    { path, method, body },
  );
}

const CURRICULUM = 'Winter Operations';

test.describe('console assignments', () => {
  test('an administrator assigns a curriculum by rule (base MAN), mfa.student holds it, and it is unassigned', async ({
    page,
  }) => {
    await consoleSignIn(page, 'admin');
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Assignments' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Assignments');
    await expect(page.getByRole('region', { name: 'People found' })).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-assignments-assign');

    // Nothing chosen: the form says what is missing.
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByText('Choose at least one curriculum.')).toBeVisible();

    // By rule: base MAN, with the live count, for 30 days.
    await page.getByLabel(CURRICULUM).check();
    await page.getByLabel('By rule: everyone matching, now and later').check();
    await page.getByLabel('Base', { exact: true }).selectOption('MAN');
    await expect(
      page.getByRole('status').filter({ hasText: /matche?s? base MAN now/ }),
    ).toBeVisible();
    await page.getByLabel('A duration').check();
    await page.getByLabel('Duration (days)').fill('30');
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-assignments-rule');
    await page.getByRole('button', { name: 'Make rule and assign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make the rule?' });
    await expect(dialog).toContainText(`${CURRICULUM} to everyone matching base MAN`);
    await dialog.getByRole('button', { name: 'Make rule' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Done:/ })).toContainText(
      /[1-9]\d* new, 0 given back/,
    );
    await screenshotBoth(page, 'console-assignments-done');

    // mfa.student (base MAN) holds it now: the API says so.
    const people = await consoleApi<{ people: { userKey: number; userID: string }[] }>(
      page,
      '/api/console/assignments/people?search=mfa.student',
    );
    const student = people.people.find((person) => person.userID === 'mfa.student')!;
    const held = await consoleApi<{ assignments: { curriculumName: string }[] }>(
      page,
      `/api/console/assignments/person/${student.userKey}`,
    );
    expect(held.assignments.map((a) => a.curriculumName)).toContain(CURRICULUM);

    // The rule is listed; ending it keeps what it assigned.
    await page.getByRole('link', { name: 'Rules' }).click();
    const rules = page.getByRole('region', { name: 'Assignment rules in force' });
    await expect(rules).toContainText(CURRICULUM);
    await expect(rules).toContainText('base MAN');
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-assignments-rules');
    await rules
      .getByRole('button', { name: `End the rule for ${CURRICULUM}, base MAN` })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'End this rule?' })
      .getByRole('button', { name: 'End rule' })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // By curriculum: mfa.student's row, then their page, and Unassign (confirmed).
    await page.getByRole('link', { name: 'By curriculum' }).click();
    await page.getByRole('link', { name: CURRICULUM }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(CURRICULUM);
    await page.getByRole('link', { name: 'Priya Natarajan' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Priya Natarajan');
    const table = page.getByRole('region', { name: 'Assignments of Priya Natarajan' });
    await expect(table).toContainText(CURRICULUM);
    await expectAccessibleAtBothWidths(page);
    await screenshotBoth(page, 'console-assignments-person');
    await table
      .getByRole('button', { name: `Unassign ${CURRICULUM} from Priya Natarajan` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Unassign?' });
    await expect(confirm).toContainText('Their progress is kept');
    await confirm.getByRole('button', { name: 'Unassign' }).click();
    await expect(table).not.toContainText(CURRICULUM);
    const after = await consoleApi<{ assignments: { curriculumName: string }[] }>(
      page,
      `/api/console/assignments/person/${student.userKey}`,
    );
    expect(after.assignments.map((a) => a.curriculumName)).not.toContain(CURRICULUM);

    // Leave the demo as it was: what the rule gave the other MAN students goes too.
    const curricula = await consoleApi<{ curricula: { curriculumKey: number; name: string }[] }>(
      page,
      '/api/console/assignments/curricula',
    );
    const key = curricula.curricula.find((c) => c.name === CURRICULUM)!.curriculumKey;
    const holders = await consoleApi<{
      assignments: { userKey: number; ruleKey: number | null }[];
    }>(page, `/api/console/assignments/curriculum/${key}`);
    const byRule = holders.assignments.filter((a) => a.ruleKey !== null).map((a) => a.userKey);
    if (byRule.length > 0) {
      await consoleApi(page, '/api/console/assignments/unassign', 'POST', {
        curriculumKeys: [key],
        userKeys: byRule,
      });
    }
  });
});
