import { describe, expect, it } from 'vitest';
import type { ExportRequest } from '@waypoint/domain/console-contract';
import { exportFileName } from './export-request.js';

const at = new Date('2026-11-27T23:59:00Z');
const matrix: ExportRequest = { what: 'matrix', format: 'csv', filter: {} };

describe('export file names', () => {
  it('say the LMS, the scope and the day', () => {
    expect(exportFileName('acme', [], matrix, at)).toBe('waypoint-acme-all-matrix-2026-11-27.csv');
    expect(exportFileName('acme', ['MAN', 'LHR'], matrix, at)).toBe(
      'waypoint-acme-MAN+LHR-matrix-2026-11-27.csv',
    );
  });

  it("add the filter's base, fleet and position, and keep only safe characters", () => {
    const request: ExportRequest = {
      what: 'list',
      list: 'expiring30',
      format: 'xlsx',
      filter: { base: 'São Paulo', fleet: 'A320/321', position: '../etc', search: 'x' },
    };
    const name = exportFileName('acme air', ['Base "1"'], request, at);
    expect(name).toBe(
      'waypoint-acme_air-Base_1-S_o_Paulo-A320_321-etc-list-expiring30-2026-11-27.xlsx',
    );
    expect(name).toMatch(/^[A-Za-z0-9._+-]+$/);
  });
});
