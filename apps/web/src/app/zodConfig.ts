import { z } from 'zod';

/**
 * Zod without its compiled fast path: it probes `new Function` once, which the Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') refuses and reports as a violation. Imported first by main.tsx,
 * because the probe runs when the first object schema is built, while the contract module loads.
 */
z.config({ jitless: true });
