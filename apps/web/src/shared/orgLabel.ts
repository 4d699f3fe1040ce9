/**
 * An organisation's display name. The super kind shows names with `(ID:id)` appended (spec §6).
 */
export function orgLabel(org: { id: number | string; name: string }, isSuper: boolean): string {
  return isSuper ? `${org.name}(ID:${org.id})` : org.name;
}
