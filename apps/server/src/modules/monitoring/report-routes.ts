import type { FastifyPluginAsync } from 'fastify';
import { GRAPH_API, monitoringApi as M } from '@rms/contracts/api/monitoring';
import {
  GRAPH_KINDS,
  type CompactMap,
  type GraphPoint,
  type MapMarker,
  type MapResponse,
} from '@rms/contracts/monitoring';
import { caller } from '../../auth/access';
import { databaseJson, routeEndpoint as route } from '../../endpoint-route';
import { graphOf } from './graph-service';
import { notFound } from '../../errors';
import { KeptMapBodies, mapTag } from './map-bodies';
import { compactMapJson, mapJson, mapMarkerJson, mapVersion } from './map-service';
import { reportPage } from './report-service';

// The graphs (/graph-view), the device report with its CSV export (/device-report) and the map
// (/map-view); paths, access and schemas are declared in contracts (api/monitoring.ts). Each narrows
// the devices the caller sees with the activation list's filters. The export runs as a job
// (report-exports.ts): POST starts it, GET follows its progress; the spec's GET ...?export_csv=true
// runs the same job and answers when the file is stored.

export const reportRoutes: FastifyPluginAsync = async (app) => {
  const { timeZone, mapTileUrl, mapTileAttribution, telemetry } = app.config;
  const keptMaps = new KeptMapBodies();

  for (const kind of GRAPH_KINDS) {
    route(app, GRAPH_API[kind], async (request, reply) => {
      const body = await graphOf(app.db, timeZone, telemetry, caller(request), kind, request.query);
      return databaseJson<GraphPoint[]>(reply, body);
    });
  }

  route(app, M.deviceReport, (request) => {
    const auth = caller(request);
    if (request.query.export_csv === 'true') {
      const { page: _page, page_size: _size, export_csv: _csv, ...filters } = request.query;
      return app.reportExports.exportNow(auth, filters);
    }
    return reportPage(app.db, timeZone, telemetry, auth, request.query);
  });

  route(app, M.startExport, (request) => app.reportExports.start(caller(request), request.body));
  route(app, M.reportExports, (request) => app.reportExports.list(caller(request)));
  route(app, M.reportExport, (request) =>
    app.reportExports.get(caller(request), request.params.id, request.query.wait === 'true'),
  );

  route(app, M.map, async (request, reply) => {
    const tiles = { url: mapTileUrl, attribution: mapTileAttribution };
    const body = await mapJson(app.db, caller(request), request.query, tiles);
    return databaseJson<MapResponse>(reply, body);
  });

  // The console's map. Its ETag is the fleet's map version with who asks and what (map-service.ts):
  // a viewer reloading an unchanged fleet (the live channel's throttled refresh, a second tab) gets a
  // 304 after reading the version (a sum of 16 rows), without the map being built or sent, and another
  // viewer the body kept under the same ETag (map-bodies.ts). `private, no-cache`: the browser keeps the
  // body and asks again each time with If-None-Match.
  route(app, M.compactMap, async (request, reply) => {
    const auth = caller(request);
    const tiles = { url: mapTileUrl, attribution: mapTileAttribution };
    const tagOf = (version: string) => mapTag(version, auth, request.query, tiles);
    const tag = tagOf(await mapVersion(app.db));
    reply.header('etag', tag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === tag) return reply.code(304).send();
    // The version read again with the body, in one snapshot, so that a body is kept under the ETag of
    // the fleet it shows: read apart, a change between the two would be kept under the older ETag.
    return keptMaps.send<CompactMap>(request, reply, tag, () =>
      app.db.transaction(
        async (tx) => ({
          tag: tagOf(await mapVersion(tx)),
          json: await compactMapJson(tx, auth, request.query, tiles),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    );
  });

  route(app, M.mapMarker, async (request, reply) => {
    const body = await mapMarkerJson(app.db, caller(request), request.params.device);
    if (!body) throw notFound('Device not found');
    return databaseJson<MapMarker>(reply, body);
  });
};
