import type { LmsInfo, SupportInfo } from '@waypoint/domain/contract';
import type { LmsRow } from './repo.js';

/** Spec §3 LMS info plus the Waypoint fields of the design brief. */
export function presentLmsInfo(lms: LmsRow): LmsInfo {
  return {
    lmsKey: lms.lmsKey,
    lmsName: lms.lmsName,
    lmsDisplayName: lms.lmsDisplayName,
    lmsShortName: lms.lmsShortName,
    lmsCode: lms.lmsCode,
    customerID: lms.customerId,
    obsolete: lms.obsolete,
    sandbox: lms.sandbox,
    adminLocked: lms.adminLocked,
    studentLocked: lms.studentLocked,
    defaultLanguage: lms.defaultLanguage,
    billingType: lms.billingType,
    themeName: lms.themeName,
    themePrimaryColor: lms.themePrimaryColor,
    themeLogoURL: lms.themeLogoUrl,
    themeURL: lms.themeUrl,
    showDashboard: lms.showDashboard,
    rebrand2021: lms.rebrand2021,
    enforceCurriculumPrerequisitesToggle: lms.enforceCurriculumPrerequisitesToggle,
    hideCPaTLogin: lms.hideCpatLogin,
    ssoEnabled: lms.ssoEnabled,
  };
}

/** Spec §3 Support info (names as the panel reads them). */
export function presentSupportInfo(lms: LmsRow): SupportInfo {
  return {
    Phone: lms.supportPhone,
    OperationHours: lms.supportOperationHours,
    Email: lms.supportEmail,
    Chat: lms.supportChat,
    StudentFAQ: lms.studentFaq,
    HelpCenterURL: lms.helpCentreUrl,
    PrivacyPolicyURL: lms.privacyPolicyUrl,
  };
}
