import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeAnswer } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { MAP_REFETCH_MS, mapQuery } from './fleet-api';

const answer = (): FakeAnswer => [
  200,
  {
    device: [],
    lat: [],
    lon: [],
    status: [],
    extra_data: { center_latitude: 28.6, center_longitude: 77.2, tile_url: 'x', tile_attribution: 'y' },
  },
];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the map query', () => {
  it('reloads the same filters at most once per MAP_REFETCH_MS, new filters at once', async () => {
    vi.useFakeTimers();
    signIn(makeUser());
    const seen = stubApi({ 'GET monitoring/map/compact/': answer });
    const load = (params: { project?: string }) => {
      const options = mapQuery(params);
      const context = { signal: new AbortController().signal } as Parameters<
        NonNullable<typeof options.queryFn>
      >[0];
      return (options.queryFn as (c: typeof context) => Promise<unknown>)(context);
    };

    await load({ project: 'Throttle A' });
    expect(seen).toHaveLength(1);

    // A live invalidation right after: held until 10 s after the previous load.
    const again = load({ project: 'Throttle A' });
    await vi.advanceTimersByTimeAsync(MAP_REFETCH_MS - 1_000);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    await again;
    expect(seen).toHaveLength(2);

    // Other filters load at once.
    await load({ project: 'Throttle B' });
    expect(seen).toHaveLength(3);
    expect(seen[2]!.query.get('project')).toBe('Throttle B');
  });
});
