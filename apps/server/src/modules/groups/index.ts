// The groups area's face: which devices a group holds now.
export { groupDevices, groupDevicesSql, type GroupDevice } from './members';
