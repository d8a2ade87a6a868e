/// <reference lib="webworker" />
import Supercluster from 'supercluster';
import type { ClusterProps, ClusterReply, ClusterRequest, PointProps } from './cluster-protocol';

// The map's supercluster index, off the main thread: building it for 100,000 devices takes a second or
// more, which would freeze the page at every (live) reload. The page sends the devices' coordinates
// and state ranks as typed arrays; it asks for the clusters of the visible bounds on every move. Each
// cluster counts its devices by state (map/reduce up the tree), so the map can draw the mix.

declare const self: DedicatedWorkerGlobalScope;

let index: Supercluster<PointProps, ClusterProps> | null = null;

self.onmessage = (event: MessageEvent<ClusterRequest>) => {
  const request = event.data;
  let reply: ClusterReply;
  if (request.type === 'load') {
    const { lon, lat, rank, radius, maxZoom } = request;
    index = new Supercluster<PointProps, ClusterProps>({
      radius,
      maxZoom,
      map: (props) => ({
        online: props.rank === 0 ? 1 : 0,
        offline: props.rank === 1 ? 1 : 0,
        onError: props.rank === 2 ? 1 : 0,
      }),
      reduce: (acc, props) => {
        acc.online += props.online;
        acc.offline += props.offline;
        acc.onError += props.onError;
      },
    });
    index.load(
      Array.from(rank, (rank, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [lon[i]!, lat[i]!] },
        properties: { index: i, rank },
      })),
    );
    reply = { type: 'loaded', id: request.id };
  } else if (request.type === 'clusters') {
    reply = {
      type: 'clusters',
      id: request.id,
      items: (index?.getClusters(request.bbox, request.zoom) ?? []).map((item) => {
        const [lon, lat] = item.geometry.coordinates as [number, number];
        const props = item.properties;
        if ('cluster' in props && props.cluster) {
          return {
            lon,
            lat,
            counts: [props.online, props.offline, props.onError],
            label: String(props.point_count_abbreviated),
            cluster: props.cluster_id,
          };
        }
        const point = props as PointProps;
        return { lon, lat, rank: point.rank, index: point.index };
      }),
    };
  } else {
    reply = { type: 'expansion', id: request.id, zoom: index?.getClusterExpansionZoom(request.cluster) ?? 0 };
  }
  self.postMessage(reply);
};
