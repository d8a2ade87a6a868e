// Typed factories for test data, built on the Drizzle schema: each takes what the test means (the
// organization, a code, an expiry) and fills the rest with plausible, unique values.
export { makeActivation, makeActivations } from './activations';
export { makeCommand, makeParameterVersions } from './commands';
export { makeDevice, makeDevices, makeKeyedDevice, makePole, makeStlt, makeStlts } from './inventory';
export { makeOrganization, makeOrganizations, providerIdOf } from './organizations';
export { makeReportExport } from './report-exports';
export { loadFlatHistory, sampleRow } from './samples';
export { makeUser, makeUsers, USER_PASSWORD, type User, type UserFields } from './users';
