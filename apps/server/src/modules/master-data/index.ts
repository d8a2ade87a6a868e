// The master-data area's face: its routes and the seed the first start loads.
export { masterDataRoutes } from './routes';
export { seedMasterData } from './seed/seed-master-data';
