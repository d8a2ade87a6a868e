import type { FastifyPluginAsync } from 'fastify';
import { profileApi as P } from '@rms/contracts/api/profiles';
import { PROFILE_MESSAGES } from '@rms/contracts/profiles';
import { caller } from '../../auth/access';
import { routeEndpoint as route } from '../../endpoint-route';
import { previewProfile, profileDevices } from './profiles-preview';
import {
  createProfile,
  deleteProfile,
  duplicateProfile,
  listProfiles,
  profileOf,
  updateProfile,
} from './profiles-service';

// The dimming profiles' routes (docs/dimming-profiles.md). Paths, access and schemas are declared in
// contracts (api/profiles.ts); every change answers the profile as it now is.

export const profileRoutes: FastifyPluginAsync = async (app) => {
  route(app, P.profileList, (request) => listProfiles(app.db, caller(request), request.query));
  route(app, P.profilePreview, (request) =>
    previewProfile(app.db, caller(request), app.config.timeZone, request.body),
  );
  route(app, P.profileDevices, (request) => profileDevices(app.db, caller(request), request.query));
  route(app, P.profileGet, (request) => profileOf(app.db, caller(request), request.params.id));
  route(app, P.profileCreate, async (request) => ({
    detail: PROFILE_MESSAGES.created,
    profile: await createProfile(app.db, caller(request), request.body),
  }));
  // New steps: every device whose nights run this profile is sent them, and only those (plans).
  route(app, P.profileUpdate, async (request) => {
    const profile = await updateProfile(app.db, caller(request), request.params.id, request.body);
    if (request.body.steps) await app.plans.replan({ profileIds: [profile.id] });
    return { detail: PROFILE_MESSAGES.updated, profile };
  });
  route(app, P.profileDelete, async (request) => {
    await deleteProfile(app.db, caller(request), request.params.id);
    return { detail: PROFILE_MESSAGES.deleted };
  });
  route(app, P.profileDuplicate, async (request) => ({
    detail: PROFILE_MESSAGES.duplicated,
    profile: await duplicateProfile(app.db, caller(request), request.params.id, request.body),
  }));
};
