import { DEVICE_STATUS_COLOURS, STATUS_ORDER } from '../../lib/device-status-colours';

// A map cluster shows the mix of its devices' states, not the worst one: a ring split by each state's
// share (Online, Offline, On Error, in the shared colours) around the device count, and a title that
// gives the counts in words (the marker's tooltip and, through aria-label, its accessible name).

/** Devices in a cluster by state, in STATUS_ORDER: Online, Offline, On Error. */
export type StatusCounts = readonly [online: number, offline: number, onError: number];

export interface ClusterIcon {
  /** SVG ring and count, for a Leaflet divIcon. */
  html: string;
  /** "200 devices: 198 Online, 1 Offline, 1 On Error". */
  title: string;
  /** Width and height in pixels. */
  size: number;
}

// One formatter for every cluster of every redraw (toLocaleString would build one per call).
const numbers = new Intl.NumberFormat('en-IN');
const count = (n: number) => numbers.format(n);
/** Shares as SVG numbers: two decimals at most, no trailing zeros. */
const num = (n: number) => String(Math.round(n * 100) / 100);

/**
 * The ring of a cluster of `counts` devices, labelled `label` (supercluster's abbreviation, e.g. "12k";
 * the full count by default). Each state's arc is its exact share of the circle: the circles use
 * pathLength 100, so a dash of 99 is 99 % of the ring.
 */
export function clusterIcon(counts: StatusCounts, label?: string): ClusterIcon {
  const total = counts[0] + counts[1] + counts[2];
  const size = total < 10 ? 32 : total < 100 ? 38 : total < 1000 ? 44 : 52;
  const stroke = size < 40 ? 5 : 6;
  const centre = size / 2;
  const radius = (size - stroke) / 2;
  let start = 0;
  const arcs = STATUS_ORDER.map((status, i) => {
    const share = total > 0 ? (counts[i]! / total) * 100 : 0;
    if (share === 0) return '';
    const arc =
      `<circle data-status="${status}" cx="${centre}" cy="${centre}" r="${radius}" pathLength="100" ` +
      `fill="none" stroke="${DEVICE_STATUS_COLOURS[status].fill}" stroke-width="${stroke}" ` +
      `stroke-dasharray="${num(share)} ${num(100 - share)}" stroke-dashoffset="${num(-start)}"/>`;
    start += share;
    return arc;
  }).join('');
  const html =
    `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false">` +
    `<circle cx="${centre}" cy="${centre}" r="${radius}" fill="#fff"/>` +
    // Arcs start at 12 o'clock and run clockwise.
    `<g transform="rotate(-90 ${centre} ${centre})">${arcs}</g></svg>` +
    `<span aria-hidden="true">${label ?? String(total)}</span>`;
  const title =
    `${count(total)} ${total === 1 ? 'device' : 'devices'}: ` +
    STATUS_ORDER.map((status, i) => `${count(counts[i]!)} ${status}`).join(', ');
  return { html, title, size };
}
