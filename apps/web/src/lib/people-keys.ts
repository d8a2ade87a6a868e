// Query keys shared by two areas: restoring an organization brings back the people deleted with it,
// so the organization list reloads the employee lists too.
export const EMPLOYEES_KEY = ['employees'] as const;
