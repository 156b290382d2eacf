/** A number field left empty is absent, not 0 (cash and weight at a handover are optional). */
export const optionalNumber = (value: unknown) => (value === '' || value === null ? undefined : Number(value))
