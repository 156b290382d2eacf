import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/** Debian puts nginx in /usr/sbin, which is not on every user's PATH. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'

async function waitFor(url: string, what: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < until) {
    try {
      const res = await fetch(url)
      if (res.ok) return
      last = `HTTP ${res.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what} did not answer ${url}: ${last}`)
}

/** A new, empty database on the server of `baseUrl`; answers its URL and a drop function. */
export async function createDatabase(baseUrl: string) {
  const name = `ahara_scale_${Date.now()}_${process.pid}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

export type Instance = { name: string; url: string; output: () => string; stop: () => Promise<void> }

/** One production-mode server process of the built app (`npm run build` first), as `npm start` runs it. */
export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `ahara-${name}-`))
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['dist-server/main.js'], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await Promise.race([
      waitFor(`${url}/api/health`, name),
      exited.then(() => {
        throw new Error(`${name} exited:\n${output}`)
      }),
    ])
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return {
    name,
    url,
    output: () => output,
    async stop() {
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Debian's nginx as a round-robin load balancer on loopback in front of `upstreams`. Every answer
 * carries `X-Upstream` (the instance that served it) so a test can see both instances at work.
 */
export async function startNginx(port: number, upstreams: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'ahara-nginx-'))
  mkdirSync(join(dir, 'logs'))
  const servers = upstreams.map((url) => `server ${new URL(url).host};`).join(' ')
  const conf = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream ahara { ${servers} }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://ahara;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`
  writeFileSync(join(dir, 'nginx.conf'), conf)
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`)
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/api/health`, 'nginx')
  return {
    url,
    async stop() {
      child.kill('SIGQUIT')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A session secret both instances share, as an operator would configure it. */
export const sharedSecret = () => randomBytes(32).toString('hex')
