import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS_COLOURS } from '../../lib/device-status-colours';
import { clusterIcon, type StatusCounts } from './cluster-icon';

// A cluster shows the mix of its devices' states: each state's arc of the ring is its share, in the
// state's colour, around the count; the title says the counts in words.

function drawn(counts: StatusCounts, label?: string) {
  const icon = clusterIcon(counts, label);
  const holder = document.createElement('div');
  holder.innerHTML = icon.html;
  const arc = (status: string) => holder.querySelector<SVGCircleElement>(`circle[data-status="${status}"]`);
  /** The arc's share of the ring in %: its dash, on a path length of 100. */
  const share = (status: string) => Number(arc(status)?.getAttribute('stroke-dasharray')?.split(' ')[0] ?? 0);
  return { icon, holder, arc, share };
}

describe('cluster icon', () => {
  it('draws 198 online of 200 as a ring 99 % in the online colour, with the count 200', () => {
    const { icon, holder, arc, share } = drawn([198, 2, 0]);
    expect(arc('Online')?.getAttribute('stroke')).toBe(DEVICE_STATUS_COLOURS.Online.fill);
    expect(arc('Online')?.getAttribute('pathLength')).toBe('100');
    expect(share('Online')).toBe(99);
    expect(arc('Offline')?.getAttribute('stroke')).toBe(DEVICE_STATUS_COLOURS.Offline.fill);
    expect(share('Offline')).toBe(1);
    expect(arc('On Error')).toBeNull();
    expect(holder.textContent).toBe('200');
    expect(icon.title).toBe('200 devices: 198 Online, 2 Offline, 0 On Error');
  });

  it('gives every state its share and places the arcs one after another', () => {
    const { icon, arc, share } = drawn([150, 30, 20]);
    expect([share('Online'), share('Offline'), share('On Error')]).toEqual([75, 15, 10]);
    expect(arc('On Error')?.getAttribute('stroke')).toBe(DEVICE_STATUS_COLOURS['On Error'].fill);
    // Each arc starts where the one before ends.
    expect(arc('Online')?.getAttribute('stroke-dashoffset')).toBe('0');
    expect(arc('Offline')?.getAttribute('stroke-dashoffset')).toBe('-75');
    expect(arc('On Error')?.getAttribute('stroke-dashoffset')).toBe('-90');
    expect(icon.title).toBe('200 devices: 150 Online, 30 Offline, 20 On Error');
  });

  it('does not colour a cluster by its worst device: one on error among many is a sliver', () => {
    const { share } = drawn([999, 0, 1]);
    expect(share('Online')).toBe(99.9);
    expect(share('On Error')).toBe(0.1);
  });

  it('shows the abbreviated label it is given and the full count in the title', () => {
    const { icon, holder } = drawn([12_000, 345, 0], '12k');
    expect(holder.textContent).toBe('12k');
    expect(icon.title).toBe('12,345 devices: 12,000 Online, 345 Offline, 0 On Error');
    expect(icon.size).toBeGreaterThan(drawn([5, 0, 0]).icon.size);
  });
});
