import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app-providers';
import { createQueryClient } from '../api/query-client';

// Someone who asked their system for reduced motion gets the console without antd's animations.

function Motion() {
  const { token } = theme.useToken();
  return <p>motion {String(token.motion)}</p>;
}

const setupMatchMedia = window.matchMedia;

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) => ({
    ...setupMatchMedia(query),
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  });
}

afterEach(() => {
  window.matchMedia = setupMatchMedia;
});

describe('motion', () => {
  it.each([
    [false, 'animates by default', 'motion true'],
    [true, 'turns animations off when the system asks for reduced motion', 'motion false'],
  ])('reduced motion %s: %s', (reduce, _what, shown) => {
    preferReducedMotion(reduce);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Motion />
      </AppProviders>,
    );
    expect(screen.getByText(shown)).toBeInTheDocument();
  });
});
