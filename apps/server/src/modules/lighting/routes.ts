import type { FastifyPluginAsync } from 'fastify';
import { profileRoutes } from './profiles-routes';
import { scheduleRoutes } from './schedules-routes';

// Lighting by plan's routes (docs/lighting.md): each part registers its own.
export const lightingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(profileRoutes);
  await app.register(scheduleRoutes);
};
