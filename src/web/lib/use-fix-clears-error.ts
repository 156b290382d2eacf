import { useEffect } from 'react'
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'

/**
 * A field that shows an error is checked again as soon as it changes, so the error goes the moment it
 * is fixed. react-hook-form does this by itself only after handleSubmit; a wizard checks its steps
 * with trigger(), after which errors would otherwise stay until Next is pressed again.
 */
export function useFixClearsError<T extends FieldValues>(form: UseFormReturn<T>) {
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (!name) return
      // An error on a group (the safety checklist) sits on its root, not on the ticked box.
      const root = name.split('.')[0] as FieldPath<T>
      for (const field of new Set([name, root])) {
        if (form.getFieldState(field).error) void form.trigger(field)
      }
    })
    return () => subscription.unsubscribe()
  }, [form])
}
