import type { FastifyRequest } from 'fastify';
import { MASTER_DATA_MESSAGES } from '@rms/contracts/master-data';
import { caller } from '../../auth/access';
import { forbidden } from '../../errors';

/**
 * Master data is shared by every tenant, so only the provider organization's staff may change it, even
 * if a customer organization was given the screen's code. Runs before body validation so such a caller
 * learns "forbidden", not which field is wrong.
 */
export async function providerOnly(request: FastifyRequest): Promise<void> {
  if (!caller(request).isProvider) throw forbidden(MASTER_DATA_MESSAGES.providerOnly);
}
