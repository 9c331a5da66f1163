import { runServer } from "./run-server";

/** `npm start` (the bundle of this file, dist/main.js; scripts/bundle.ts). */
await runServer();
