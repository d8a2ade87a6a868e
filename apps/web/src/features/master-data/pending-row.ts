/** Whether a save in flight is about this row (its spinner shows on that row only). */
export function isSavingRow(
  save: { isPending: boolean; variables?: object | undefined },
  id: number,
): boolean {
  const variables = save.variables;
  return save.isPending && variables !== undefined && 'id' in variables && variables.id === id;
}
