import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { useTranslation } from '../../lib/translation'
import { useErrorText } from '../../lib/use-error-text'
import { inputClass } from '../ui/form'
import { type Place, searchPlaces } from './api'
import { PlaceName } from './PlaceName'

/** The API's longest query (GET /api/places). */
const MAX_QUERY = 100
/** Ask once the person pauses, not at every letter (a cheap phone on 3G). */
const DEBOUNCE_MS = 250

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value])
  return settled
}

/**
 * A town search box: a combobox whose listbox shows the gazetteer's places as the person types, in
 * any script (kandy, මහනුවර, கண்டி), named in the reader's script (the WAI-ARIA combobox pattern).
 */
export function TownSearch({ onChoose, disabled }: { onChoose: (place: Place) => void; disabled?: boolean }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const q = useDebounced(text.trim())
  const search = useQuery({
    queryKey: ['places', q],
    queryFn: ({ signal }) => searchPlaces(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60 * 60_000,
  })
  const places = q && search.data ? search.data : []
  const shown = open && text.trim().length > 0

  function choose(place: Place) {
    onChoose(place)
    setText('')
    setOpen(false)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (places.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + places.length) % places.length)
    } else if (event.key === 'Enter' && shown && places.length > 0) {
      // Enter chooses the highlighted town, else the best match; it must not submit the form around it.
      event.preventDefault()
      choose(places[Math.max(active, 0)]!)
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const status = !shown
    ? ''
    : search.isError
      ? errorText(search.error)
      : q !== text.trim() || search.isFetching
        ? t('place-picker.search.searching')
        : places.length === 0
          ? t('place-picker.search.noneFound')
          : t('place-picker.search.found', { count: places.length })

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {t('place-picker.search.label')}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown && places.length > 0}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={`${id}-status`}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY}
        placeholder={t('place-picker.search.placeholder')}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        // A tap on an option comes before the blur would close the list (onMouseDown below).
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={inputClass}
      />
      <p id={`${id}-status`} role="status" className="text-sm text-gray-600 [&:not(:empty)]:mt-1">
        {status}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={t('place-picker.search.label')}
        hidden={!shown || places.length === 0}
        className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
      >
        {places.map((place, index) => (
          <div
            key={place.id}
            id={`${listId}-${index}`}
            role="option"
            // Focus stays in the search box (aria-activedescendant); a tap still chooses.
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
            onKeyDown={(event) => event.key === 'Enter' && choose(place)}
            onMouseEnter={() => setActive(index)}
            className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1 text-base ${
              index === active ? 'bg-brand-50 text-brand-900' : 'text-gray-900'
            }`}
          >
            <PlaceName place={place} />
          </div>
        ))}
      </div>
    </div>
  )
}
