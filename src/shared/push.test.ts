import { describe, expect, it } from 'vitest'
import { isPushServiceEndpoint } from './push'

describe('isPushServiceEndpoint', () => {
  it('accepts the browsers’ push services over https', () => {
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/abc:APA91b')).toBe(true)
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/gAAAA')).toBe(true)
    expect(isPushServiceEndpoint('https://web.push.apple.com/QGuQyavXutnMH')).toBe(true)
    expect(isPushServiceEndpoint('https://wns2-par02p.notify.windows.com/w/?token=BQYAAA')).toBe(true)
  })

  it('refuses other hosts, look-alikes, plain http, ports and credentials', () => {
    expect(isPushServiceEndpoint('https://example.com/push')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com.evil.example/x')).toBe(false)
    expect(isPushServiceEndpoint('https://evilfcm.googleapis.com.example/x')).toBe(false)
    expect(isPushServiceEndpoint('http://fcm.googleapis.com/fcm/send/abc')).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com:8443/fcm/send/abc')).toBe(false)
    expect(isPushServiceEndpoint('https://user:pw@fcm.googleapis.com/fcm/send/abc')).toBe(false)
    expect(isPushServiceEndpoint('https://169.254.169.254/latest/meta-data')).toBe(false)
    expect(isPushServiceEndpoint('not a url')).toBe(false)
  })

  it('accepts this machine only when loopback is allowed (demo mode)', () => {
    expect(isPushServiceEndpoint('http://127.0.0.1:4567/push/1')).toBe(false)
    expect(isPushServiceEndpoint('http://127.0.0.1:4567/push/1', { allowLoopback: true })).toBe(true)
    expect(isPushServiceEndpoint('http://localhost:4567/push/1', { allowLoopback: true })).toBe(true)
    expect(isPushServiceEndpoint('http://10.0.0.5/push/1', { allowLoopback: true })).toBe(false)
  })
})
