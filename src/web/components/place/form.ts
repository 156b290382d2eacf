import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form'
import type { Point } from '../../../shared/geo'
import type { PlaceFieldProps } from './PlaceField'

/** The names of a form's point, town and district fields. */
type PlaceNames<T extends FieldValues> = { point: Path<T>; town: Path<T>; district: Path<T> }

/**
 * PlaceField's props for a react-hook-form form: the point goes to its field, a found town to the
 * form's town and district (a nearest town only where they are empty). `cleared` is what the form
 * sends for no point: null where the API removes one (the profile), undefined where it keeps it.
 */
export function placeFieldProps<T extends FieldValues, Context, Output>(
  form: UseFormReturn<T, Context, Output>,
  names: PlaceNames<T>,
  cleared: null | undefined = undefined,
): Pick<PlaceFieldProps, 'point' | 'onPointChange' | 'onTownFound' | 'error'> {
  const set = (name: Path<T>, value: unknown) =>
    form.setValue(name, value as PathValue<T, Path<T>>, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    })
  return {
    point: form.watch(names.point) as Point | null | undefined,
    onPointChange: (point) => set(names.point, point ?? cleared),
    onTownFound: ({ town, district }, onlyIfEmpty) => {
      if (!onlyIfEmpty || !form.getValues(names.town)) set(names.town, town)
      if (!onlyIfEmpty || !form.getValues(names.district)) set(names.district, district)
    },
    error: form.getFieldState(names.point, form.formState).error?.message,
  }
}
