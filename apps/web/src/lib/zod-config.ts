import { z } from "zod";

// zod probes `new Function` to compile fast parsers; the Content-Security-Policy blocks it (a console error),
// and zod then falls back to its interpreter anyway.
z.config({ jitless: true });
