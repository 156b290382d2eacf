import { describe, expect, it } from 'vitest'
import { CHANGE_TOPICS, isChangeTopic } from './realtime'

describe('change topics', () => {
  it('accepts every topic the server announces', () => {
    for (const topic of CHANGE_TOPICS) expect(isChangeTopic(topic)).toBe(true)
  })

  it('refuses anything else a stream message may carry', () => {
    for (const value of ['schedule', 'claims', 'toString', '', undefined, null, 1]) {
      expect(isChangeTopic(value)).toBe(false)
    }
  })
})
