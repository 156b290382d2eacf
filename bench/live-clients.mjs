/**
 * The browsers of `npm run bench:live`, in their own process so that the server's resident set is its
 * own: opens N anonymous streams on /api/stream and notes, per stream, when each listing's change
 * arrived (performance.timeOrigin + now, comparable across processes on one machine).
 */
import http from 'node:http'
import { performance } from 'node:perf_hooks'

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
/** arrivals[stream] = Map(listing id -> ms) */
const arrivals = []
const requests = []

function openStream(port, index) {
  return new Promise((resolve) => {
    const heard = new Map()
    const req = http.get({ host: '127.0.0.1', port, path: '/api/stream', agent }, (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        resolve(false)
        return
      }
      arrivals[index] = heard
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        const at = performance.timeOrigin + performance.now()
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const line = buffer
            .slice(0, end)
            .split('\n')
            .find((l) => l.startsWith('data: '))
          buffer = buffer.slice(end + 2)
          if (line) {
            const change = JSON.parse(line.slice(6))
            if (change.table === 'listings' && change.id && !heard.has(change.id)) heard.set(change.id, at)
          }
          end = buffer.indexOf('\n\n')
        }
      })
      resolve(true)
    })
    req.on('error', () => resolve(false))
    requests.push(req)
  })
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    let opened = 0
    let refused = 0
    // In batches: a burst of thousands of connects at once only measures the accept queue.
    for (let start = 0; start < message.count; start += 200) {
      const batch = []
      for (let i = start; i < Math.min(message.count, start + 200); i++)
        batch.push(openStream(message.port, i))
      for (const ok of await Promise.all(batch)) ok ? opened++ : refused++
    }
    process.send({ type: 'opened', opened, refused })
  } else if (message.type === 'report') {
    const report = message.ids.map((id) => arrivals.filter(Boolean).map((heard) => heard.get(id) ?? null))
    process.send({ type: 'report', report })
  } else if (message.type === 'close') {
    for (const req of requests) req.destroy()
    process.exit(0)
  }
})
