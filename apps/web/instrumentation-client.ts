// Runs in the browser before the site's own code (Next's instrumentation-client). Zod 4 compiles object parsers
// with `new Function` after probing whether eval is allowed; under the site's CSP (no 'unsafe-eval') the probe is
// blocked and reported as a violation on every page. jitless skips the probe and the compiled path (issue 21).
import { config } from 'zod/v4/core';

config({ jitless: true });
