// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGE_DATA_ID } from '../../shared/page-data'

/** page-data.ts as a page with this data block in its head loads it. */
async function loadWith(block: string | null) {
  document.head.innerHTML =
    block === null ? '' : `<script type="application/json" id="${PAGE_DATA_ID}">${block}</script>`
  vi.resetModules()
  return import('./page-data')
}

describe('takePageData: the listing the server wrote into the page', () => {
  beforeEach(() => {
    document.head.innerHTML = ''
  })

  it('gives the record with the asked id once, then nothing', async () => {
    const { takePageData } = await loadWith('{"id":"a1","title":"Kiribath \\u003cfor 4>"}')
    expect(takePageData('b2')).toBeUndefined()
    expect(takePageData<{ id: string; title: string }>('a1')).toEqual({ id: 'a1', title: 'Kiribath <for 4>' })
    expect(takePageData('a1')).toBeUndefined()
  })

  it('gives nothing for a page without data or with a broken block', async () => {
    expect((await loadWith(null)).takePageData('a1')).toBeUndefined()
    expect((await loadWith('{"id":"a1",')).takePageData('a1')).toBeUndefined()
    expect((await loadWith('null')).takePageData('a1')).toBeUndefined()
  })
})
