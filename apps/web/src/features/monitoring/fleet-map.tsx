import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { formatLastData } from '../../lib/format';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, type MapMarker } from '@rms/contracts/monitoring';
import type { ClusterReply, ClusterRequest, MapItem } from './cluster-protocol';
import ClusterWorker from './cluster-worker?worker';
import './fleet-map.css';

// The fleet on a Leaflet map, clustered with supercluster so that 100,000 devices stay smooth: the
// index is built once per data load; each move or zoom draws only the clusters and devices inside the
// visible bounds (the index lives in a worker, cluster-worker.ts). Devices are canvas circle markers (one <canvas>, no DOM node each); clusters are small
// divIcons showing their count, coloured by the worst status inside (On Error > Offline > Online),
// which supercluster's map/reduce carries up the tree. Without reachable tiles the map stays grey and
// the markers still draw.

export const MAP_DEFAULT = {
  lat: MAP_DEFAULT_CENTER.latitude,
  lon: MAP_DEFAULT_CENTER.longitude,
  zoom: MAP_DEFAULT_ZOOM,
} as const;
const FIT_MAX_ZOOM = 15;
const CLUSTER_RADIUS = 60;
const CLUSTER_MAX_ZOOM = 16;

const STATUS_RANK = { Online: 0, Offline: 1, 'On Error': 2 } as const;
type Rank = 0 | 1 | 2;
export const RANK_COLOUR: Record<Rank, string> = { 0: '#52c41a', 1: '#faad14', 2: '#f5222d' };
const RANK_CLASS: Record<Rank, string> = { 0: 'online', 1: 'offline', 2: 'error' };

/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hover card (spec 02 §2): RMS ID, signal %, status (green Online, red otherwise), last updated. */
export function hoverCard(marker: MapMarker): string {
  const online = marker.status === 'Online';
  const signal = marker.gsm_sig === null ? '--' : `${Math.round(marker.gsm_sig)}%`;
  return `<div class="fleet-map-card">
<div><span>RMS ID</span><b>${escapeHtml(marker.RMS_ID)}</b></div>
<div><span>Signal</span><b>${signal}</b></div>
<div><span>Status</span><b style="color:${online ? '#389e0d' : '#cf1322'}">${escapeHtml(marker.status)}</b></div>
<div><span>Last Updated</span><b>${formatLastData(marker.last_add_on)}</b></div>
</div>`;
}

export interface FleetMapProps {
  markers: MapMarker[];
  /** Where to look on the first load (the response's centre, else the spec's). */
  center: { lat: number; lon: number };
  tileUrl: string;
  tileAttribution: string;
  /** Names the filters the markers answer (null while they load): new filters fit the devices found. */
  selection: string | null;
  onOpen: (marker: MapMarker) => void;
}

export function FleetMap({ markers, center, tileUrl, tileAttribution, selection, onOpen }: FleetMapProps) {
  const holder = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
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

  // The tiles, from the server's configuration; a failing tile leaves the grey background.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 }).addTo(map);
    return () => void tiles.remove();
  }, [tileUrl, tileAttribution]);

  // New filters: show what they found.
  const lastSelection = useRef<string | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || selection === null || markers.length === 0 || lastSelection.current === selection) return;
    const first = lastSelection.current === null;
    lastSelection.current = selection;
    if (first) {
      map.setView([center.lat, center.lon], MAP_DEFAULT.zoom);
      return;
    }
    const bounds = L.latLngBounds(markers.map((m) => [m.lat, m.lon] as [number, number]));
    map.fitBounds(bounds.pad(0.1), { maxZoom: FIT_MAX_ZOOM });
  }, [markers, selection, center.lat, center.lon]);

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
        const worst = item.worst as Rank;
        if ('cluster' in item) {
          const size = item.count < 10 ? 30 : item.count < 100 ? 36 : item.count < 1000 ? 42 : 50;
          const icon = L.divIcon({
            className: `fleet-map-cluster fleet-map-${RANK_CLASS[worst]}`,
            html: `<span>${item.label}</span>`,
            iconSize: [size, size],
          });
          L.marker([item.lat, item.lon], { icon, title: `${item.count} devices`, keyboard: true })
            .on('click', () => {
              expandAt.current = [item.lat, item.lon];
              ask({ type: 'expansion', cluster: item.cluster });
            })
            .addTo(layer);
        } else {
          const marker = markers[item.index]!;
          L.circleMarker([item.lat, item.lon], {
            radius: 7,
            color: '#fff',
            weight: 2,
            fillColor: RANK_COLOUR[worst],
            fillOpacity: 1,
          })
            .bindTooltip(() => hoverCard(marker), { direction: 'top', offset: [0, -6], opacity: 1 })
            .on('click', () => open.current(marker))
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
    const lon = new Float64Array(markers.length);
    const lat = new Float64Array(markers.length);
    const rank = new Uint8Array(markers.length);
    markers.forEach((m, i) => {
      lon[i] = m.lon;
      lat[i] = m.lat;
      rank[i] = STATUS_RANK[m.status] ?? 1;
    });
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
  }, [markers]);

  return <div ref={holder} className="fleet-map" role="region" aria-label="Map of devices" />;
}
