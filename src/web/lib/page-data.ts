import { PAGE_DATA_ID } from '../../shared/page-data'

/**
 * The data the server wrote into this page's HTML for its first render (src/shared/page-data.ts),
 * read at most once: a later visit to the same page asks the API, whose answer may have changed.
 */
let pageData: unknown =
  typeof document === 'undefined' ? undefined : readPageData(document.getElementById(PAGE_DATA_ID))

function readPageData(element: HTMLElement | null): unknown {
  if (!element?.textContent) return undefined
  try {
    return JSON.parse(element.textContent)
  } catch {
    return undefined
  }
}

/** The page's data if it is the record with this id (then forgotten), else undefined. */
export function takePageData<T extends { id: string }>(id: string): T | undefined {
  const data = pageData as Partial<T> | undefined
  if (data?.id !== id) return undefined
  pageData = undefined
  return data as T
}
