import type { FastifyPluginAsync } from 'fastify';
import { organizationApi as O } from '@rms/contracts/api/organizations';
import { ORGANIZATION_MESSAGES, subDomainOf } from '@rms/contracts/organizations';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
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

// The organizations area's handlers; paths, access and schemas are declared in contracts
// (api/organizations.ts).

export const organizationRoutes: FastifyPluginAsync = async (app) => {
  const deps = {
    db: app.db,
    storage: app.storage,
    timeZone: app.config.timeZone,
    mailer: app.mailer,
    log: app.log,
  };

  route(app, O.branding, (request) =>
    brandingFor(deps, request.query.sub_domain ?? subDomainOf(request.hostname)),
  );

  route(app, O.permissions, (request) => caller(request).permissions.map((key) => ({ key })));

  route(app, O.list, (request) => listOrganizations(deps, caller(request), request.query));

  route(app, O.create, async (request) => {
    const row = await createOrganization(deps, caller(request), request.body);
    return { ...row, detail: ORGANIZATION_MESSAGES.created };
  });

  route(app, O.update, async (request) => {
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
  });

  route(app, O.addExisting, async (request) => {
    await requestAdoption(
      { ...deps, publicUrl: app.config.publicUrl },
      caller(request),
      request.body.email,
      request.body.pan,
    );
    return { detail: ORGANIZATION_MESSAGES.adoptionMailed };
  });

  route(app, O.confirmAdoption, async (request) => ({
    detail: await confirmAdoption(app.db, request.body.code),
  }));

  route(app, O.subDomainCheck, async (request) => {
    const available = await isSubDomainAvailable(app.db, request.body.sub_domain);
    return {
      available,
      detail: available ? ORGANIZATION_MESSAGES.domainAvailable : ORGANIZATION_MESSAGES.domainTaken,
    };
  });

  route(app, O.dashboardCounts, (request) => countCompanies(deps, caller(request)));

  route(app, O.recent, (request) => listOrganizations(deps, caller(request), request.query));
};
