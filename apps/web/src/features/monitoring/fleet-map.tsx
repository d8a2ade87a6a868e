import { Alert } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { DEVICE_STATUS_COLOURS, STATUS_ORDER, statusColour } from '../../lib/device-status-colours';
import { formatLastData } from '../../lib/format';
import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_STATUSES,
  type CompactMap,
  type MapMarker,
} from '@rms/contracts/monitoring';
import { clusterIcon } from './cluster-icon';
import type { ClusterReply, ClusterRequest, MapItem } from './cluster-protocol';
import ClusterWorker from './cluster-worker?worker';
import { addPlainBase } from './plain-base';
import './fleet-map.css';

// The fleet on a Leaflet map, clustered with supercluster so that 100,000 devices stay smooth: the
// index is built once per data load; each move or zoom draws only the clusters and devices inside the
// visible bounds (the index lives in a worker, cluster-worker.ts). Devices are canvas circle markers
// (one <canvas>, no DOM node each) in their state's colour; clusters are small divIcons with a ring
// split by their devices' states and the count (cluster-icon.ts), counted by supercluster's map/reduce
// up the tree. When the tiles cannot be loaded the map says so and draws a plain base (plain-base.ts);
// the markers draw either way.

export const MAP_DEFAULT = {
  lat: MAP_DEFAULT_CENTER.latitude,
  lon: MAP_DEFAULT_CENTER.longitude,
  zoom: MAP_DEFAULT_ZOOM,
} as const;
const FIT_MAX_ZOOM = 15;
const CLUSTER_RADIUS = 60;
const CLUSTER_MAX_ZOOM = 16;

/** Consecutive tile errors, with no tile loaded between them, after which the tiles count as unreachable. */
const TILE_FAILURES = 4;

/** A state's index in STATUS_ORDER (what the worker counts); an unknown state counts as Offline. */
const rankOf = (status: string) => {
  const rank = STATUS_ORDER.indexOf(status as (typeof STATUS_ORDER)[number]);
  return rank < 0 ? 1 : rank;
};

/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The hover card (spec 02 §2): RMS ID, signal %, status and last updated. The spec colours the status
 * green for Online and red otherwise; the card uses the console's one mapping of the three states
 * (lib/device-status-colours): Online green, Offline red, On Error magenta (a red of its own, so that
 * the card agrees with the marker under it, the legend and the lists).
 */
export function hoverCard(marker: MapMarker): string {
  const signal = marker.gsm_sig === null ? '--' : `${Math.round(marker.gsm_sig)}%`;
  return `<div class="fleet-map-card">
<div><span>RMS ID</span><b>${escapeHtml(marker.RMS_ID)}</b></div>
<div><span>Signal</span><b>${signal}</b></div>
<div><span>Status</span><b style="color:${statusColour(marker.status).text}">${escapeHtml(marker.status)}</b></div>
<div><span>Last Updated</span><b>${formatLastData(marker.last_add_on)}</b></div>
</div>`;
}

/** The devices as the compact map sends them: columns, statuses as MAP_STATUSES indexes. */
export type FleetPoints = Pick<CompactMap, 'device' | 'lat' | 'lon' | 'status'>;

const LOADING_CARD = '<div class="fleet-map-card">Loading…</div>';
const FAILED_CARD = '<div class="fleet-map-card">The device could not be loaded</div>';

export interface FleetMapProps {
  points: FleetPoints;
  /** Where to look on the first load (the response's centre, else the spec's). */
  center: { lat: number; lon: number };
  tileUrl: string;
  tileAttribution: string;
  /** Names the filters the markers answer (null while they load): new filters fit the devices found. */
  selection: string | null;
  /** A device's card details (RMS ID, signal, last sample), asked for when its marker is hovered. */
  loadMarker: (device: number) => Promise<MapMarker>;
  onOpen: (device: number) => void;
}

/** The host a tile URL template names, for people ("tile.openstreetmap.org", "{s}.tiles.example.com"). */
export function tileHost(template: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(template)?.[1] ?? window.location.host;
}

export function FleetMap({
  points,
  center,
  tileUrl,
  tileAttribution,
  selection,
  loadMarker,
  onOpen,
}: FleetMapProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const open = useRef(onOpen);
  const load = useRef(loadMarker);
  useEffect(() => {
    open.current = onOpen;
    load.current = loadMarker;
  });

  // The map, once, on the first centre: later loads keep the user's view.
  const firstCenter = useRef(center);
  useEffect(() => {
    const center = firstCenter.current;
    const element = holder.current;
    if (!element) return;
    const map = L.map(element, { preferCanvas: true, zoomControl: true, attributionControl: true });
    map.setView([center.lat, center.lon], MAP_DEFAULT.zoom);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // The tiles, from the server's configuration (MAP_TILE_URL). Several failures in a row with none
  // loaded between them (no internet, the server down or refusing) switch to the plain base and the
  // notice; a tile that loads later (the network is back) switches back.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return;
    let failures = 0;
    const tiles = L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 })
      .on('tileerror', () => {
        failures += 1;
        if (failures === TILE_FAILURES) setTilesFailed(true);
      })
      .on('tileload', () => {
        failures = 0;
        setTilesFailed(false);
      })
      .addTo(map);
    return () => {
      tiles.remove();
      setTilesFailed(false);
    };
  }, [tileUrl, tileAttribution]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tilesFailed) return;
    return addPlainBase(map);
  }, [tilesFailed]);

  // New filters: show what they found.
  const lastSelection = useRef<string | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || selection === null || points.device.length === 0 || lastSelection.current === selection)
      return;
    const first = lastSelection.current === null;
    lastSelection.current = selection;
    if (first) {
      map.setView([center.lat, center.lon], MAP_DEFAULT.zoom);
      return;
    }
    const bounds = L.latLngBounds(points.lat.map((lat, i) => [lat, points.lon[i]!] as [number, number]));
    map.fitBounds(bounds.pad(0.1), { maxZoom: FIT_MAX_ZOOM });
  }, [points, selection, center.lat, center.lon]);

  // The clustering worker, for the map's life.
  const workerRef = useRef<Worker | null>(null);
  useEffect(() => {
    const worker = new ClusterWorker();
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, []);

  // The index, once per data load (in the worker); the visible part, on every move.
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    const worker = workerRef.current;
    if (!map || !layer || !worker) return;
    let latest = 0;
    let loaded = false;
    // Where the clicked cluster is, while the worker works out its expansion zoom.
    const expandAt = { current: [0, 0] as [number, number] };
    const ask = (request: DistributiveOmit<ClusterRequest, 'id'>, transfer: Transferable[] = []) => {
      latest += 1;
      worker.postMessage({ ...request, id: latest }, transfer);
    };

    const draw = (items: MapItem[]) => {
      layer.clearLayers();
      for (const item of items) {
        if ('cluster' in item) {
          const look = clusterIcon(item.counts, item.label);
          const icon = L.divIcon({
            className: 'fleet-map-cluster',
            html: look.html,
            iconSize: [look.size, look.size],
          });
          const cluster = L.marker([item.lat, item.lon], { icon, title: look.title, keyboard: true })
            .on('click', () => {
              expandAt.current = [item.lat, item.lon];
              ask({ type: 'expansion', cluster: item.cluster });
            })
            .addTo(layer);
          // The button's name: the counts (its visible content, the ring and number, is hidden from
          // assistive technology).
          cluster.getElement()?.setAttribute('aria-label', look.title);
        } else {
          const device = points.device[item.index]!;
          // The card's details come when it is first hovered (the compact map carries none).
          const circle = L.circleMarker([item.lat, item.lon], {
            radius: 7,
            color: '#fff',
            weight: 2,
            fillColor: DEVICE_STATUS_COLOURS[STATUS_ORDER[item.rank] ?? 'Offline'].fill,
            fillOpacity: 1,
          })
            .bindTooltip(LOADING_CARD, { direction: 'top', offset: [0, -6], opacity: 1 })
            .on('tooltipopen', () => {
              load.current(device).then(
                (marker) => circle.setTooltipContent(hoverCard(marker)),
                () => circle.setTooltipContent(FAILED_CARD),
              );
            })
            .on('click', () => open.current(device))
            .addTo(layer);
        }
      }
    };
    const query = () => {
      if (!loaded) return;
      const b = map.getBounds();
      ask({
        type: 'clusters',
        bbox: [
          Math.max(-180, b.getWest()),
          Math.max(-85, b.getSouth()),
          Math.min(180, b.getEast()),
          Math.min(85, b.getNorth()),
        ],
        zoom: Math.round(map.getZoom()),
      });
    };
    worker.onmessage = (event: MessageEvent<ClusterReply>) => {
      const reply = event.data;
      if (reply.type === 'loaded') {
        loaded = true;
        query();
      } else if (reply.type === 'clusters') {
        // Only the answer to the newest question: the map may have moved since.
        if (reply.id === latest) draw(reply.items);
      } else {
        map.setView(expandAt.current, Math.min(reply.zoom, CLUSTER_MAX_ZOOM + 2));
      }
    };

    // Coordinates and ranks as typed arrays: handed over to the worker without copying.
    const lon = Float64Array.from(points.lon);
    const lat = Float64Array.from(points.lat);
    const rank = Uint8Array.from(points.status, (s) => rankOf(MAP_STATUSES[s] ?? 'Offline'));
    ask({ type: 'load', lon, lat, rank, radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM }, [
      lon.buffer,
      lat.buffer,
      rank.buffer,
    ]);
    map.on('moveend', query);
    return () => {
      map.off('moveend', query);
      worker.onmessage = null;
    };
  }, [points]);

  return (
    <>
      {tilesFailed && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={`Map tiles could not be loaded from ${tileHost(tileUrl)}; showing a plain base. An operator can set MAP_TILE_URL.`}
        />
      )}
      <div ref={holder} className="fleet-map" role="region" aria-label="Map of devices" />
    </>
  );
}
