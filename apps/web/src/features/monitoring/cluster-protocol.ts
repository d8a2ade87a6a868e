// Messages between the map and its clustering worker (cluster-worker.ts).

export interface PointProps {
  /** The device's position in the map's answer. */
  index: number;
  /** Its state as an index of STATUS_ORDER: 0 Online, 1 Offline, 2 On Error. */
  rank: number;
}

/** What a cluster carries up supercluster's tree: its devices by state (STATUS_ORDER). */
export interface ClusterProps {
  online: number;
  offline: number;
  onError: number;
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

/** A cluster (its devices by state, label, cluster id) or a single device (its index in the answer). */
export type MapItem =
  | {
      lon: number;
      lat: number;
      counts: [online: number, offline: number, onError: number];
      label: string;
      cluster: number;
    }
  | { lon: number; lat: number; rank: number; index: number };

export type ClusterReply =
  | { type: 'loaded'; id: number }
  | { type: 'clusters'; id: number; items: MapItem[] }
  | { type: 'expansion'; id: number; zoom: number };
