import { allows, type Access } from '@rms/contracts/permissions';
import type { ReactNode } from 'react';
import { PermissionDeniedPage } from '../layout/permission-denied-page';
import { accessHolder } from './session-store';
import { useSession } from './use-session';

/** A route the user lacks the permission for shows the no-access page (spec 01 §2). */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  if (!allows(access, accessHolder(session))) return <PermissionDeniedPage />;
  return children;
}
