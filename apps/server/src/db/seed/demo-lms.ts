import type { Db } from '../connection.js';

/** The demo training provider's code (the README's demo logins name it). */
export const DEMO_LMS_CODE = 'demo';

const FAQ = `Welcome to the Waypoint Demo Airline student panel. These answers cover the questions
our training department hears most often.

## How do I sign in?

Use the login ID and password your training department sent you. If you have never set a
password, use the link in your invitation email, or choose **Forgot password?** on the login page.

## I did not receive my verification code

Verification codes are sent to the email address on your training record and expire after
10 minutes. Check your spam folder, then choose **Resend Code** on the verification screen.

## Why is a lesson locked?

Some lessons and courses unlock only after you complete the ones before them. Hover over the
lock icon to see which lessons are still required.

## What does "Correct To 100%" mean?

Exams marked this way must be completed with a score of 100% before they count as complete.

## Who do I contact about my training records?

Contact the training department using the **Support** menu: phone, email or live chat.
`;

/** Inserts the demo LMS with its support info, FAQ, links, widgets, certificate settings and media. */
export async function insertDemoLms(db: Db): Promise<number> {
  const existingDefault = await db
    .selectFrom('lms')
    .select('lmsKey')
    .where('isDefault', '=', true)
    .executeTakeFirst();
  const { lmsKey } = await db
    .insertInto('lms')
    .values({
      lmsCode: DEMO_LMS_CODE,
      lmsName: 'Waypoint Demo Airline',
      lmsDisplayName: 'Waypoint Demo Airline',
      lmsShortName: 'Demo Airline',
      customerId: 1,
      defaultLanguage: 'en',
      themeName: 'waypoint',
      themePrimaryColor: '#1d4e89',
      showDashboard: 1,
      rebrand2021: 0,
      enforceCurriculumPrerequisitesToggle: 1,
      // The plain login page (the route map); 0 shows the live background (ADR 0010).
      hideCpatLogin: 1,
      isDefault: existingDefault === undefined,
      supportPhone: '+1 555 0100 (Training Department)',
      supportOperationHours: 'Monday to Friday, 08:00 to 18:00 UTC',
      supportEmail: 'training@demo-airline.example.com',
      supportChat: 'https://chat.demo-airline.example.com/training',
      studentFaq: FAQ,
      helpCentreUrl: 'https://help.demo-airline.example.com/',
      privacyPolicyUrl: 'https://demo-airline.example.com/privacy',
      allowExpiredAssignmentsToBeCompleted: 0,
      allowStudentsToViewCertificates: 1,
      certificateReporterAccess: 0,
    })
    .returning('lmsKey')
    .executeTakeFirstOrThrow();

  await db
    .insertInto('appDownloadLink')
    .values([
      {
        lmsKey,
        label: 'Windows',
        link: 'https://downloads.demo-airline.example.com/waypoint-setup.exe',
        sortOrder: 0,
      },
      {
        lmsKey,
        label: 'Apple',
        link: 'https://apps.apple.example.com/app/waypoint-demo',
        sortOrder: 1,
      },
      {
        lmsKey,
        label: 'Google Play',
        link: 'https://play.google.example.com/store/apps/waypoint-demo',
        sortOrder: 2,
      },
    ])
    .execute();

  // One calendar, two list widgets, and one deleted widget (isDeleted 1 must not count).
  await db
    .insertInto('widget')
    .values([
      {
        lmsKey,
        widgetType: 'calendar',
        name: 'Training Calendar',
        settings: JSON.stringify({ monthsShown: 4, studentPicker: false }),
        sortOrder: 0,
      },
      { lmsKey, widgetType: 'upcomingDueDates', name: 'Upcoming Due Dates', sortOrder: 1 },
      { lmsKey, widgetType: 'recentLessons', name: 'Recent Lessons', sortOrder: 2 },
      { lmsKey, widgetType: 'announcements', name: 'Announcements', sortOrder: 3, isDeleted: 1 },
    ])
    .execute();

  await db
    .insertInto('certificateSettings')
    .values({
      lmsKey,
      certificateText: 'has successfully completed the training listed below.',
      certificateTypeName: 'Certificate of Completion',
      signatureName: 'Morgan Ellis',
      signatureTitle: 'Head of Training',
    })
    .execute();

  // The library keeps the last of several items with one name: 'QRH Quick Reference' appears twice.
  await db
    .insertInto('libraryMedia')
    .values([
      {
        lmsKey,
        name: 'A320 FCOM Extract',
        mediaType: 'pdf',
        link: 'https://docs.demo-airline.example.com/a320-fcom.pdf',
        fileName: 'a320-fcom.pdf',
        sortOrder: 0,
      },
      {
        lmsKey,
        name: 'QRH Quick Reference',
        mediaType: 'pdf',
        link: 'https://docs.demo-airline.example.com/qrh-2024.pdf',
        fileName: 'qrh-2024.pdf',
        sortOrder: 1,
      },
      {
        lmsKey,
        name: 'Dangerous Goods Pocket Guide',
        mediaType: 'pdf',
        link: 'https://docs.demo-airline.example.com/dg-guide.pdf',
        fileName: 'dg-guide.pdf',
        sortOrder: 2,
      },
      {
        lmsKey,
        name: 'Crew Briefing Card',
        mediaType: 'note',
        description: 'Ask your base for a printed copy.',
        sortOrder: 3,
      },
      {
        lmsKey,
        name: 'QRH Quick Reference',
        mediaType: 'pdf',
        link: 'https://docs.demo-airline.example.com/qrh-2026.pdf',
        fileName: 'qrh-2026.pdf',
        sortOrder: 4,
      },
    ])
    .execute();
  return lmsKey;
}
