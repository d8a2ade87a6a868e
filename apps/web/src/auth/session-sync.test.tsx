import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/browser';
import { stubApi } from '../test-utils/fake-api';
import { makeUser, signIn } from '../test-utils/fixtures';
import { TestProviders } from '../test-utils/render';
import { readSession, SESSION_KEYS } from './session-store';
import { SessionSync } from './session-sync';

vi.mock('../lib/browser', () => ({ reloadPage: vi.fn(), goTo: vi.fn() }));

function otherTabWrites(key: string, value: string) {
  localStorage.setItem(key, value);
  act(() =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage })),
  );
}

beforeEach(() => vi.mocked(reloadPage).mockClear());

describe('session sync', () => {
  it("loads the user's current permissions at start-up", async () => {
    signIn(makeUser({ permissions: [] }));
    stubApi({ 'GET users/me/': () => [200, makeUser({ permissions: [{ key: 'MANAGE_CITY' }] })] });

    render(
      <TestProviders>
        <SessionSync />
      </TestProviders>,
    );

    await waitFor(() => expect(readSession()?.permissions).toEqual(['MANAGE_CITY']));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads when another tab signs in as someone else, not when it merely renews tokens', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({ 'GET users/me/': () => [200, user] });
    render(
      <TestProviders>
        <SessionSync />
      </TestProviders>,
    );

    otherTabWrites(SESSION_KEYS.refresh, 'rotated-by-other-tab');
    expect(reloadPage).not.toHaveBeenCalled();

    otherTabWrites(SESSION_KEYS.user, JSON.stringify(makeUser({ id: 99, first_name: 'Ravi' })));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
