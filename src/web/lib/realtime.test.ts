import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { invalidateForChange } from './realtime'

function clientWith(...keys: string[][]) {
  const client = new QueryClient()
  for (const key of keys) client.setQueryData(key, 1)
  return client
}

const invalidated = (client: QueryClient, key: string[]) => client.getQueryState(key)?.isInvalidated

describe('invalidateForChange', () => {
  it('makes stale the queries whose key starts with a root of the topic', async () => {
    const client = clientWith(
      ['deliveries', 'dashboard', 'volunteer'],
      ['community', 'volunteers'],
      ['events'],
    )
    await invalidateForChange(client, 'deliveries')
    expect(invalidated(client, ['deliveries', 'dashboard', 'volunteer'])).toBe(true)
    expect(invalidated(client, ['community', 'volunteers'])).toBe(true)
    expect(invalidated(client, ['events'])).toBe(false)
  })

  it('leaves everything alone for a topic it does not know', async () => {
    const client = clientWith(['listings'], ['events'])
    for (const table of ['schedule', 'toString']) await invalidateForChange(client, table)
    expect(invalidated(client, ['listings'])).toBe(false)
    expect(invalidated(client, ['events'])).toBe(false)
  })
})
