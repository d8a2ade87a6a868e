import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, PUBLIC, SIGNED_IN } from '@rms/contracts/permissions';
import { accessOf } from '@rms/contracts/routes';
import { messageBody, pageQuery } from '@rms/contracts/common';
import {
  dashboardCompanies,
  adoptionConfirmBody,
  existingOrganizationBody,
  ORGANIZATION_MESSAGES,
  organizationCreateBody,
  organizationDetails,
  organizationDetailsQuery,
  organizationList,
  organizationListQuery,
  organizationRow,
  organizationUpdateBody,
  permissionKeyListResponse,
  subDomainCheckBody,
  subDomainCheckResponse,
  subDomainOf,
} from '@rms/contracts/organizations';
import { caller } from '../../auth/access';
import {
  brandingFor,
  createOrganization,
  dashboardCompanies as countCompanies,
  isSubDomainAvailable,
  confirmAdoption,
  requestAdoption,
  listOrganizations,
  restoreOrganization,
  updateOrganization,
} from './service';

const tags = ['organizations'];
const security = [{ bearer: [] }];
// Screens that look organizations up: the list, registration, employee form, the three assign forms.
const LOOKUP = anyOf(
  'VIEW_COMPANY',
  'MANAGE_COMPANY',
  'MANAGE_USER',
  'ASSIGN_RMS',
  'ASSIGN_STLT',
  'ASSIGN_POLE',
);
const MANAGE = accessOf('/company-registration');

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    storage: app.storage,
    timeZone: app.config.timeZone,
    mailer: app.mailer,
    log: app.log,
  };

  app.get(
    '/admin_settings/organization_details/',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "Sign-in page branding: the organization of the host's sub-domain (or ?sub_domain=)",
        querystring: organizationDetailsQuery,
        response: { 200: organizationDetails },
      },
    },
    async (request) => brandingFor(deps, request.query.sub_domain ?? subDomainOf(request.hostname)),
  );

  app.get(
    '/admin_settings/permissions/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary:
          'The permission keys the caller may grant (their own effective codes; every code for a super-user)',
        security,
        response: { 200: permissionKeyListResponse },
      },
    },
    async (request) => caller(request).permissions.map((key) => ({ key })),
  );

  app.get(
    '/admin_settings/organizations/',
    {
      config: { access: LOOKUP },
      schema: {
        tags,
        summary:
          'Organizations the caller sees (?query= search, ?email= lookup, ?id=, ?is_active=false: the deleted ones)',
        security,
        querystring: organizationListQuery,
        response: { 200: organizationList },
      },
    },
    async (request) => listOrganizations(deps, caller(request), request.query),
  );

  app.post(
    '/admin_settings/organizations/',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Register a client organization and its owner',
        security,
        body: organizationCreateBody,
        response: { 201: organizationRow.extend({ detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const row = await createOrganization(deps, caller(request), request.body);
      return reply.status(201).send({ ...row, detail: ORGANIZATION_MESSAGES.created });
    },
  );

  app.put(
    '/admin_settings/organizations/',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary:
          'Update an organization; is_active=false deletes it (soft) with its people, is_active=true restores a deleted one and them (other fields are then not applied)',
        security,
        body: organizationUpdateBody,
        response: { 200: z.union([organizationRow.extend({ detail: z.string() }), messageBody]) },
      },
    },
    async (request) => {
      if (request.body.is_active === true) {
        const restored = await restoreOrganization(deps, caller(request), request.body.id);
        if (restored) {
          const { row, notRestored } = restored;
          const detail = notRestored.length
            ? ORGANIZATION_MESSAGES.restoredExcept(notRestored)
            : ORGANIZATION_MESSAGES.restored;
          return { ...row, detail };
        }
      }
      const row = await updateOrganization(deps, caller(request), request.body);
      return row
        ? { ...row, detail: ORGANIZATION_MESSAGES.updated }
        : { detail: ORGANIZATION_MESSAGES.deleted };
    },
  );

  app.post(
    '/admin_settings/existing_organization/',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Add an existing organization (matched by e-mail and PAN) to the caller’s clients',
        security,
        body: existingOrganizationBody,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      await requestAdoption(
        { ...deps, publicUrl: app.config.publicUrl },
        caller(request),
        request.body.email,
        request.body.pan,
      );
      return { detail: ORGANIZATION_MESSAGES.adoptionMailed };
    },
  );

  app.post(
    '/admin_settings/existing_organization/confirm/',
    {
      // Public: the single-use code mailed to the organization's owner is the proof, as for a password reset.
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "The owner's confirmation that their organization joins the requester's clients",
        body: adoptionConfirmBody,
        response: { 200: messageBody },
      },
    },
    async (request) => ({ detail: await confirmAdoption(app.db, request.body.code) }),
  );

  app.post(
    '/admin_settings/sub_domain_check/',
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Is this sub-domain free?',
        security,
        body: subDomainCheckBody,
        response: { 200: subDomainCheckResponse },
      },
    },
    async (request) => {
      const available = await isSubDomainAvailable(app.db, request.body.sub_domain);
      return {
        available,
        detail: available ? ORGANIZATION_MESSAGES.domainAvailable : ORGANIZATION_MESSAGES.domainTaken,
      };
    },
  );

  app.get(
    '/admin_settings/dashboard_companies/',
    {
      config: { access: accessOf('/company-view') },
      schema: {
        tags,
        summary: 'Active, expired and deactivated organization counts',
        security,
        response: { 200: dashboardCompanies },
      },
    },
    async (request) => countCompanies(deps, caller(request)),
  );

  app.get(
    '/admin_settings/recent_companies/',
    {
      config: { access: accessOf('/company-view') },
      schema: {
        tags,
        summary: 'The newest organizations (page_size=5 on the dashboard)',
        security,
        querystring: pageQuery,
        response: { 200: organizationList },
      },
    },
    async (request) => listOrganizations(deps, caller(request), request.query),
  );
};
