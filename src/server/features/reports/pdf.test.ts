import { describe, expect, it } from 'vitest'
import { scriptRuns } from './pdf'

describe('the runs of a line mixing scripts', () => {
  it('keeps a Sinhala cluster whole, joiners and spaces inside it, and writes digits in the Latin font', () => {
    expect(scriptRuns('ශ්‍රී ලංකා 2026')).toEqual([
      { script: 'sinhala', text: 'ශ්‍රී ලංකා ' },
      { script: 'latin', text: '2026' },
    ])
  })

  it('switches between Latin, Tamil and Sinhala where the letters do', () => {
    expect(scriptRuns('Sarana · சிறுவர் இல்லம் · ළමා')).toEqual([
      { script: 'latin', text: 'Sarana · ' },
      { script: 'tamil', text: 'சிறுவர் இல்லம் ' },
      { script: 'latin', text: '· ' },
      { script: 'sinhala', text: 'ළමා' },
    ])
  })
})
