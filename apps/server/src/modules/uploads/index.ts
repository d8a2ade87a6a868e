// The uploads area's face: what the app and other areas may use.
export { uploadRoutes } from './routes';
export { localFileRoutes } from './local-file-routes';
/** Who owns an uploaded file, and whether a caller may use it in a save. */
export { assertOwnFile, fileRecordOf, recordFileOwner } from './file-access';
/** A stored image checked before it is referenced, and the link the console shows for it. */
export { fileLink, verifyStoredImage } from './stored-files';
