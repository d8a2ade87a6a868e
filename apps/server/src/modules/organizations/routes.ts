import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC, SIGNED_IN } from '@rms/contracts/permissions';
import {
  organizationDetails,
  organizationDetailsQuery,
  permissionKeyListResponse,
  subDomainOf,
} from '@rms/contracts/organizations';
import { caller } from '../../auth/access';
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

  app.get(
    '/admin_settings/permissions/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['organizations'],
        summary:
          'The permission keys the caller may grant (their own effective codes; every code for a super-user)',
        security: [{ bearer: [] }],
        response: { 200: permissionKeyListResponse },
      },
    },
    async (request) => caller(request).permissions.map((key) => ({ key })),
  );
};
