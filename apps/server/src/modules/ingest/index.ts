// The ingest area's face: telemetry over HTTP (the MQTT side is telemetry/device-link.ts).
export { ingestRoutes } from './routes';
