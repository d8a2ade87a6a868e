// The alarm rules area's face: its routes. Ingest and the sweeper read the rules through
// telemetry/alarm-rule-book.ts, which this area tells of every change.
export { alarmRuleRoutes } from './routes';
