// Messages between the map and its clustering worker (cluster-worker.ts).

export interface PointProps {
  /** The device's position in the map's answer. */
  index: number;
  /** 0 Online, 1 Offline, 2 On Error: a cluster carries the worst inside. */
  worst: number;
}

export type ClusterRequest =
  | {
      type: 'load';
      id: number;
      lon: Float64Array;
      lat: Float64Array;
      rank: Uint8Array;
      radius: number;
      maxZoom: number;
    }
  | { type: 'clusters'; id: number; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expansion'; id: number; cluster: number };

/** A cluster (count, label, cluster id) or a single device (its index in the answer). */
export type MapItem =
  | { lon: number; lat: number; worst: number; count: number; label: string; cluster: number }
  | { lon: number; lat: number; worst: number; index: number };

export type ClusterReply =
  | { type: 'loaded'; id: number }
  | { type: 'clusters'; id: number; items: MapItem[] }
  | { type: 'expansion'; id: number; zoom: number };
