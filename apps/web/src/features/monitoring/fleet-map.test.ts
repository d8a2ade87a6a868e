import { describe, expect, it } from 'vitest';
import type { MapMarker } from '@rms/contracts/monitoring';
import { DEVICE_STATUS_COLOURS, STATUS_ORDER } from '../../lib/device-status-colours';
import { hoverCard, tileHost } from './fleet-map';

const marker = (status: MapMarker['status']): MapMarker => ({
  lat: 28.6,
  lon: 77.2,
  RMS_ID: 'RMS-<1>',
  gsm_sig: 71.6,
  status,
  last_add_on: null,
  device: 1,
});

describe('the hover card', () => {
  it.each(STATUS_ORDER)('writes %s in the colour its marker, the legend and the lists use', (status) => {
    const holder = document.createElement('div');
    holder.innerHTML = hoverCard(marker(status));
    const shown = [...holder.querySelectorAll('b')].find((b) => b.textContent === status);
    expect(shown?.style.color).toBe(hexToRgb(DEVICE_STATUS_COLOURS[status].text));
    // The device id is text, never markup.
    expect(holder.textContent).toContain('RMS-<1>');
    expect(holder.textContent).toContain('72%');
  });
});

describe('the tile host named in the notice', () => {
  it('is the host of the URL template, placeholders kept', () => {
    expect(tileHost('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('tile.openstreetmap.org');
    expect(tileHost('http://127.0.0.1:9/{z}/{x}/{y}.png')).toBe('127.0.0.1:9');
    expect(tileHost('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toBe('{s}.tiles.example.com');
    expect(tileHost('/tiles/{z}/{x}/{y}.png')).toBe(window.location.host);
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
