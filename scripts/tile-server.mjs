// A map tile server on loopback for the e2e journeys: every /{z}/{x}/{y}.png is the same plain
// 256 px tile, so maps draw without reaching the internet (docs/decisions/0072-the-map-view.md).
import { createServer } from 'node:http'
import sharp from 'sharp'

const TILE_PATH = /^\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/

/** Starts the server on a free loopback port; answers its MAP_TILES_URL and a way to stop it. */
export async function startTileServer() {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dfe7d8' } })
    .png()
    .toBuffer()
  const server = createServer((request, response) => {
    if (!TILE_PATH.test(request.url ?? '')) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(tile)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, close: () => server.close() }
}
