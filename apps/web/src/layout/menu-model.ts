import { allows, type AccessHolder } from '@rms/contracts/permissions';
import { CONSOLE_ROUTES, MENU_GROUPS, type ConsoleRoute, type MenuGroup } from '@rms/contracts/routes';

// The side menu is derived from the contracts route table: an entry shows when it has a menu label,
// its screen exists in this build and the user's permissions allow it (spec 01 §2 and §6).

export interface MenuEntry {
  path: string;
  label: string;
}

export interface MenuSection {
  group: MenuGroup;
  entries: MenuEntry[];
}

export function visibleMenu(
  holder: AccessHolder | null,
  registeredPaths: ReadonlySet<string>,
  routes: readonly ConsoleRoute[] = CONSOLE_ROUTES,
): MenuSection[] {
  return MENU_GROUPS.map((group) => ({
    group,
    entries: routes
      .filter((r) => r.menu?.group === group && registeredPaths.has(r.path) && allows(r.access, holder))
      .map((r) => ({ path: r.path, label: r.menu?.label ?? r.title })),
  })).filter((section) => section.entries.length > 0);
}

/** The section whose entry matches the current path, to open it on load. */
export function sectionOf(sections: readonly MenuSection[], path: string): MenuGroup | undefined {
  return sections.find((s) => s.entries.some((e) => e.path === path))?.group;
}
