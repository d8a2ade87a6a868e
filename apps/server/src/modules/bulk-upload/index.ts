// The bulk-upload area's face: its routes (the sheets under /api/v1 and the sample files at /samples).
export { bulkUploadRoutes, sampleRoutes } from './routes';
