import { describe, expect, it } from 'vitest'
import {
  fitWithin,
  IMAGE_MAX_SIDE,
  shrinkTarget,
  UPLOAD_QUALITIES,
  UPLOAD_TARGET_BYTES,
} from './image-sizing'

describe('fitWithin', () => {
  it('brings a landscape phone photo to 1600 on its long side, keeping the ratio', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 })
  })

  it('does the same for a portrait photo (the long side is the height)', () => {
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 })
  })

  it('rounds an odd ratio to whole pixels without passing the limit', () => {
    const size = fitWithin(4032, 3024, 1600)
    expect(size).toEqual({ width: 1600, height: 1200 })
    const odd = fitWithin(3001, 1999, 1600)!
    expect(Math.max(odd.width, odd.height)).toBe(1600)
    expect(odd.height).toBe(1066)
  })

  it('never enlarges a picture already within the limit', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 })
    expect(fitWithin(1600, 1600, 1600)).toEqual({ width: 1600, height: 1600 })
  })

  it('keeps a very thin panorama at least 1 px high', () => {
    expect(fitWithin(20000, 3, 1600)).toEqual({ width: 1600, height: 1 })
  })

  it('answers null for sizes no picture has', () => {
    expect(fitWithin(0, 300, 1600)).toBeNull()
    expect(fitWithin(400, -1, 1600)).toBeNull()
    expect(fitWithin(Number.NaN, 300, 1600)).toBeNull()
    expect(fitWithin(400, 300, 0)).toBeNull()
  })
})

describe('shrinkTarget', () => {
  it('shrinks a 4000 × 3000 phone photo of 3.3 MB to the server stored size', () => {
    expect(shrinkTarget(4000, 3000, 3_300_000)).toEqual({ width: IMAGE_MAX_SIDE, height: 1200 })
  })

  it('re-encodes a photo that is small enough in pixels but too heavy, at its own size', () => {
    expect(shrinkTarget(1200, 900, 2_000_000)).toEqual({ width: 1200, height: 900 })
  })

  it('re-encodes a photo that is light but larger than the limit', () => {
    expect(shrinkTarget(2000, 1000, 300_000)).toEqual({ width: 1600, height: 800 })
  })

  it('leaves alone a photo already within both limits', () => {
    expect(shrinkTarget(1600, 1200, UPLOAD_TARGET_BYTES)).toBeNull()
    expect(shrinkTarget(640, 480, 80_000)).toBeNull()
  })

  it('leaves alone what it cannot measure (the server checks it)', () => {
    expect(shrinkTarget(0, 0, 3_300_000)).toBeNull()
  })
})

describe('upload limits', () => {
  it('keep a request with its multipart envelope under 500 KB', () => {
    expect(UPLOAD_TARGET_BYTES + 1000).toBeLessThanOrEqual(500_000)
  })

  it('try the qualities from about 0.8 downwards', () => {
    expect(UPLOAD_QUALITIES[0]).toBe(0.8)
    expect([...UPLOAD_QUALITIES].sort((a, b) => b - a)).toEqual([...UPLOAD_QUALITIES])
  })
})
