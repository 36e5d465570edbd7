import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it.each([
    [42.4, '42'],
    [-10, '0'],
    [250, '100'],
    [Number.NaN, '0'],
  ])('reports %s as %s on a 0 to 100 scale', (value, expected) => {
    render(<ProgressBar value={value} label="Lesson 1" />);
    const bar = screen.getByRole('progressbar', { name: 'Lesson 1' });
    expect(bar).toHaveAttribute('aria-valuenow', expected);
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('marks the failed style', () => {
    render(<ProgressBar value={30} failed label="Exam" />);
    expect(screen.getByRole('progressbar', { name: 'Exam' })).toHaveAttribute(
      'data-failed',
      'true',
    );
  });
});
