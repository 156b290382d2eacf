import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          // Minutes of server restarts: its own project (npm run test:crash), in npm test.
          exclude: ['src/server/crash.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: a file at a time per core keeps PGlite and PostgreSQL fast.
          maxWorkers: 2,
          // Each file still gets its own database and app; the server's modules load once per worker
          // instead of once per file, minutes of CI per pass (docs/decisions/0075-ci-in-thirty-minutes.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'crash',
          include: ['src/server/crash.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 1_500_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'scale-out',
          include: ['deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
