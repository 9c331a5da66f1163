#!/bin/sh
# Runs a command at the lowest CPU priority the system has: Linux's idle scheduling class (chrt -i 0) when there,
# else nice 19. `npm test` runs the type checks, lint and build this way beside the server's tests, and the web app's
# tests beside the end-to-end tests: they take only the CPU those leave idle (the browser tests' pages waiting on the
# network, the server's tests waiting on PostgreSQL) and barely slow them down.
if command -v chrt >/dev/null 2>&1 && chrt -i 0 true 2>/dev/null; then
  exec chrt -i 0 "$@"
fi
exec nice -n 19 "$@"
