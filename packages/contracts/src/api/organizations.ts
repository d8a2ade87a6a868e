import { z } from 'zod';
import { messageBody, pageQuery } from '../common';
import { endpoint } from '../endpoint';
import {
  adoptionConfirmBody,
  dashboardCompanies,
  existingOrganizationBody,
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
} from '../organizations';
import { anyOf, PUBLIC, SIGNED_IN } from '../permissions';
import { accessOf } from '../routes';

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
const DASHBOARD = accessOf('/company-view');
const area = 'organizations';
const URL = '/admin_settings/organizations/';
const saved = organizationRow.extend({ detail: z.string() });

export const organizationApi = {
  branding: endpoint({
    area,
    method: 'GET',
    path: '/admin_settings/organization_details/',
    access: PUBLIC,
    summary: "Sign-in page branding: the organization of the host's sub-domain (or ?sub_domain=)",
    query: organizationDetailsQuery,
    response: organizationDetails,
  }),
  permissions: endpoint({
    area,
    method: 'GET',
    path: '/admin_settings/permissions/',
    access: SIGNED_IN,
    summary:
      'The permission keys the caller may grant (their own effective codes; every code for a super-user)',
    response: permissionKeyListResponse,
  }),
  list: endpoint({
    area,
    method: 'GET',
    path: URL,
    access: LOOKUP,
    summary:
      'Organizations the caller sees (?query= search, ?email= lookup, ?id=, ?is_active=false: the deleted ones)',
    query: organizationListQuery,
    response: organizationList,
  }),
  create: endpoint({
    area,
    method: 'POST',
    path: URL,
    access: MANAGE,
    sessionOnly: true,
    summary: 'Register a client organization and its owner',
    body: organizationCreateBody,
    response: saved,
    status: 201,
  }),
  update: endpoint({
    area,
    method: 'PUT',
    path: URL,
    access: MANAGE,
    sessionOnly: true,
    summary:
      'Update an organization; is_active=false deletes it (soft) with its people, is_active=true restores a deleted one and them (other fields are then not applied)',
    body: organizationUpdateBody,
    response: z.union([saved, messageBody]),
  }),
  addExisting: endpoint({
    area,
    method: 'POST',
    path: '/admin_settings/existing_organization/',
    access: MANAGE,
    summary: 'Add an existing organization (matched by e-mail and PAN) to the caller’s clients',
    body: existingOrganizationBody,
    response: messageBody,
  }),
  // Public: the single-use code mailed to the organization's owner is the proof, as for a password reset.
  confirmAdoption: endpoint({
    area,
    method: 'POST',
    path: '/admin_settings/existing_organization/confirm/',
    access: PUBLIC,
    summary: "The owner's confirmation that their organization joins the requester's clients",
    body: adoptionConfirmBody,
    response: messageBody,
  }),
  subDomainCheck: endpoint({
    area,
    method: 'POST',
    path: '/admin_settings/sub_domain_check/',
    access: MANAGE,
    audited: false,
    summary: 'Is this sub-domain free?',
    body: subDomainCheckBody,
    response: subDomainCheckResponse,
  }),
  dashboardCounts: endpoint({
    area,
    method: 'GET',
    path: '/admin_settings/dashboard_companies/',
    access: DASHBOARD,
    summary: 'Active, expired and deactivated organization counts',
    response: dashboardCompanies,
  }),
  recent: endpoint({
    area,
    method: 'GET',
    path: '/admin_settings/recent_companies/',
    access: DASHBOARD,
    summary: 'The newest organizations (page_size=5 on the dashboard)',
    query: pageQuery,
    response: organizationList,
  }),
};
