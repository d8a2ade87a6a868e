// The inventory area's face: what the app and other areas may use.
export { inventoryRoutes } from './routes';
export { poleBulk, rmsBulk, stltBulk } from './bulk';
/** One RMS, STLT or pole the caller may see, or a 404: monitoring's per-device screens start here. */
export { getInventory } from './service';
/** Active items of an organization by code, for sheets that name them (activations, assignments). */
export { heldItemsByCode } from './held-by-code';
