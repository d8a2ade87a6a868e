/// <reference lib="webworker" />
import Supercluster from 'supercluster';
import type { ClusterReply, ClusterRequest, PointProps } from './cluster-protocol';

// The map's supercluster index, off the main thread: building it for 100,000 devices takes a second or
// more, which would freeze the page at every (live) reload. The page sends the devices' coordinates
// and status ranks as typed arrays; it asks for the clusters of the visible bounds on every move.

declare const self: DedicatedWorkerGlobalScope;

let index: Supercluster<PointProps, { worst: number }> | null = null;

self.onmessage = (event: MessageEvent<ClusterRequest>) => {
  const request = event.data;
  let reply: ClusterReply;
  if (request.type === 'load') {
    const { lon, lat, rank, radius, maxZoom } = request;
    index = new Supercluster<PointProps, { worst: number }>({
      radius,
      maxZoom,
      map: (props) => ({ worst: props.worst }),
      reduce: (acc, props) => {
        if (props.worst > acc.worst) acc.worst = props.worst;
      },
    });
    index.load(
      Array.from(rank, (worst, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [lon[i]!, lat[i]!] },
        properties: { index: i, worst },
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
        return 'cluster' in props && props.cluster
          ? {
              lon,
              lat,
              worst: props.worst,
              count: props.point_count,
              label: String(props.point_count_abbreviated),
              cluster: props.cluster_id,
            }
          : { lon, lat, worst: props.worst, index: (props as PointProps).index };
      }),
    };
  } else {
    reply = { type: 'expansion', id: request.id, zoom: index?.getClusterExpansionZoom(request.cluster) ?? 0 };
  }
  self.postMessage(reply);
};
