import { describe, expect, it } from 'vitest';
import { otherPackageFormat } from './package-zip.js';

// A zip without imsmanifest.xml may be a package of another e-learning format: it is refused with
// the format's name and what Waypoint plays, rather than with "no imsmanifest.xml".

describe('otherPackageFormat: a package of another format is named, not "no imsmanifest.xml"', () => {
  const played = 'Waypoint plays SCORM 1.2 and 2004.';
  it.each<[string, string[], string | null]>([
    [
      'cmi5: cmi5.xml at the root',
      ['cmi5.xml', 'au/index.html'],
      `this is a cmi5 package (it has cmi5.xml, not imsmanifest.xml); ${played}`,
    ],
    [
      'cmi5 in a folder zipped whole',
      ['course/cmi5.xml', 'course/au/index.html'],
      `this is a cmi5 package (it has course/cmi5.xml, not imsmanifest.xml); ${played}`,
    ],
    [
      'xAPI / Tin Can: tincan.xml',
      ['tincan.xml', 'story.html'],
      `this is an xAPI (Tin Can) package (it has tincan.xml, not imsmanifest.xml); ${played}`,
    ],
    [
      'AICC: a .crs with .au and .des (upper case)',
      ['COURSE.CRS', 'COURSE.AU', 'COURSE.DES', 'COURSE.CST'],
      `this is an AICC package (it has the course structure file COURSE.CRS, not imsmanifest.xml); ${played}`,
    ],
    [
      'AICC: a .crs with a .des only',
      ['course.crs', 'course.des'],
      `this is an AICC package (it has the course structure file course.crs, not imsmanifest.xml); ${played}`,
    ],
    ['an .au sound file alone is not AICC', ['sounds/bell.au', 'index.html'], null],
    ['a .crs alone is not AICC', ['notes.crs'], null],
    ['deeper than one folder is not looked at', ['a/b/cmi5.xml'], null],
    ['a plain web site', ['index.html', 'style.css'], null],
  ])('%s', (_case, names, reason) => {
    expect(otherPackageFormat(names)).toBe(reason);
  });
});
