import type { Column, Table } from 'drizzle-orm'

type ColumnsOf<T extends Table> = T['_']['columns']

/**
 * A table's columns under their own names, for a select: `select({ ...columnsOf(users, 'id', 'name'), ... })`.
 * The names are checked against the table (or its alias), so a renamed column still breaks the build.
 */
export function columnsOf<T extends Table, Name extends keyof ColumnsOf<T> & string>(
  table: T,
  ...names: Name[]
): Pick<ColumnsOf<T>, Name> {
  const columns = table as unknown as Record<Name, Column>
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<ColumnsOf<T>, Name>
}
