// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrandMark } from './brand-mark.tsx';

afterEach(cleanup);

describe('BrandMark', () => {
  it('is decorative beside the app name, and an image with its name when it stands alone', () => {
    const { container } = render(<BrandMark />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
    cleanup();
    render(<BrandMark label="ESS Workplace" size={32} />);
    const mark = screen.getByRole('img', { name: 'ESS Workplace' });
    expect(mark.getAttribute('width')).toBe('32');
  });
});
