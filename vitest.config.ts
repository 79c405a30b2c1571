import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/{contract,realtime,unit}/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Contract tests start servers on fixed ports; run files one at a time on the 2-core machine.
    fileParallelism: false,
  },
});
