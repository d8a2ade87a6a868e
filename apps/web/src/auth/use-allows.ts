import { allows, type Access } from '@rms/contracts/permissions';
import { accessOf, type ConsolePath } from '@rms/contracts/routes';
import { accessHolder } from './session-store';
import { useSession } from './use-session';

/** Whether the signed-in user may open a console route: buttons that lead there show only then. */
export function useCanOpen(path: ConsolePath): boolean {
  return useAllows(accessOf(path));
}

export function useAllows(access: Access): boolean {
  return allows(access, accessHolder(useSession()));
}
