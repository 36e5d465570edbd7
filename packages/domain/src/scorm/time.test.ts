import { describe, expect, it } from 'vitest';
import {
  formatIsoDuration,
  formatScorm12Time,
  parseIsoDuration,
  parseScorm12Time,
} from './time.js';

describe('parseScorm12Time: "CMITimespan HHHH:MM:SS with optional .S or .SS"', () => {
  it.each([
    ['4-digit hours', '0001:02:03', 3_723_000],
    ['"hours 2-4 digits": 2 digits', '01:02:03', 3_723_000],
    ['"hours 2-4 digits": 3 digits', '100:00:00', 360_000_000],
    ['".S"', '00:00:03.5', 3_500],
    ['".SS"', '00:00:03.05', 3_050],
    ['".SS" with both digits', '0000:00:00.99', 990],
    ['largest value', '9999:59:59.99', 9999 * 3_600_000 + 59 * 60_000 + 59_990],
    ['zero', '00:00:00', 0],
    ['1-digit hours, as scorm-again accepts', '1:00:00', 3_600_000],
    ['5-digit hours, as scorm-again accepts', '10000:00:00', 36_000_000_000],
    ['more decimals than ".SS", as scorm-again accepts', '00:00:01.123', 1_123],
  ])('%s: %s -> %d ms', (_rule, text, ms) => {
    expect(parseScorm12Time(text)).toBe(ms);
  });

  it.each([
    ['"minutes 2 digits"', '00:1:00'],
    ['"seconds 2 digits"', '00:00:1'],
    ['"minutes < 60"', '00:60:00'],
    ['"seconds < 60"', '00:00:60'],
    ['a dot needs digits', '00:00:01.'],
    ['empty', ''],
    ['an ISO duration is not a CMITimespan', 'PT1S'],
    ['no surrounding text', ' 00:00:01'],
  ])('malformed (%s): %j -> null', (_rule, text) => {
    expect(parseScorm12Time(text)).toBeNull();
  });
});

describe('parseIsoDuration: "P[yY][mM][dD][T[hH][mM][s[.s]S]]"', () => {
  const day = 86_400_000;
  it.each([
    ['hours, minutes, fractional seconds', 'PT1H2M3.5S', 3_723_500],
    ['days and hours', 'P1DT2H', day + 7_200_000],
    ['zero', 'PT0S', 0],
    ['minutes alone: M after T is minutes', 'PT5M', 300_000],
    ['"months = 30 days as scorm-again does": M before T is months', 'P1M', 30 * day],
    ['"years = 365 days"', 'P1Y', 365 * day],
    ['every part', 'P1Y1M1DT1H1M1S', 396 * day + 3_661_000],
    ['hundredths', 'PT0.25S', 250],
    ['more decimals than hundredths round to ms', 'PT1.2345S', 1_235],
    ['hours above 24', 'PT30H', 108_000_000],
    ['weeks, as scorm-again accepts', 'P1W', 7 * day],
    ['fractions on other parts, as scorm-again accepts', 'PT1.5H', 5_400_000],
  ])('%s: %s -> %d ms', (_rule, text, ms) => {
    expect(parseIsoDuration(text)).toBe(ms);
  });

  it.each([
    ['"P alone is malformed"', 'P'],
    ['"PT alone is malformed"', 'PT'],
    ['T with nothing after it', 'P1DT'],
    ['time parts need T', 'P1H'],
    ['parts in order', 'PT2S1M'],
    ['needs the P', 'T1H'],
    ['lower case', 'pt1h'],
    ['empty', ''],
    ['a CMITimespan is not a timeinterval', '00:00:01'],
    ['negative', '-PT1S'],
  ])('malformed (%s): %j -> null', (_rule, text) => {
    expect(parseIsoDuration(text)).toBeNull();
  });
});

describe('formatScorm12Time: "HHHH:MM:SS.SS (at least 4-digit hours)"', () => {
  it.each([
    ["the brief's example", 3_723_500, '0001:02:03.50'],
    ['zero', 0, '0000:00:00.00'],
    ['hundredths, rounded', 1_234, '0000:00:01.23'],
    ['rounding carries into the minute', 59_999, '0000:01:00.00'],
    ['"at least" 4 digits: more hours keep every digit', 10_000 * 3_600_000, '10000:00:00.00'],
    ['negative time is zero', -5, '0000:00:00.00'],
  ])('%s: %d ms -> %s', (_rule, ms, text) => {
    expect(formatScorm12Time(ms)).toBe(text);
  });

  it.each([0, 10, 3_723_500, 86_399_990])('round-trips %d ms through parseScorm12Time', (ms) => {
    expect(parseScorm12Time(formatScorm12Time(ms))).toBe(ms);
  });
});

describe('formatIsoDuration: "PT1H2M3.5S style (PT0S for 0; hundredths at most)"', () => {
  it.each([
    ["the brief's example", 3_723_500, 'PT1H2M3.5S'],
    ['"PT0S for 0"', 0, 'PT0S'],
    ['below a hundredth is 0', 4, 'PT0S'],
    ['"hundredths at most"', 1_234, 'PT1.23S'],
    ['hundredths keep a leading zero', 70, 'PT0.07S'],
    ['whole hours only', 7_200_000, 'PT2H'],
    ['hours and seconds without minutes', 3_601_000, 'PT1H1S'],
    ['days are written as hours', 90_000_000, 'PT25H'],
    ['negative time is zero', -1_000, 'PT0S'],
  ])('%s: %d ms -> %s', (_rule, ms, text) => {
    expect(formatIsoDuration(ms)).toBe(text);
  });

  it.each([0, 70, 3_723_500, 90_000_000])('round-trips %d ms through parseIsoDuration', (ms) => {
    expect(parseIsoDuration(formatIsoDuration(ms))).toBe(ms);
  });
});
