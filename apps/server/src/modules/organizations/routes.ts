import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '@rms/contracts/permissions';
import { organizationDetails, organizationDetailsQuery, subDomainOf } from '@rms/contracts/organizations';
import { brandingFor } from './service';

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin_settings/organization_details/',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['organizations'],
        summary: "Sign-in page branding: the organization of the host's sub-domain (or ?sub_domain=)",
        querystring: organizationDetailsQuery,
        response: { 200: organizationDetails },
      },
    },
    async (request) => brandingFor(app.db, request.query.sub_domain ?? subDomainOf(request.hostname)),
  );
};
