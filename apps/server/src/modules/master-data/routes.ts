import type { FastifyPluginAsync } from 'fastify';
import { cityRoutes } from './city-routes';
import { dropdownRoutes } from './dropdown-routes';
import { gstRoutes } from './gst-routes';
import { hsnRoutes } from './hsn-routes';
import { stateRoutes } from './state-routes';

/** The master-data area: states, cities, GST, HSN and dropdown settings. */
export const masterDataRoutes: FastifyPluginAsync = async (app) => {
  await app.register(stateRoutes);
  await app.register(cityRoutes);
  await app.register(gstRoutes);
  await app.register(hsnRoutes);
  await app.register(dropdownRoutes);
};
