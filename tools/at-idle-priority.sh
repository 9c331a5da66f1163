#!/bin/sh
# Runs a command at the lowest CPU priority the system has: Linux's idle scheduling class (chrt -i 0) when there,
# else nice 19. `npm test` runs the web app's unit tests this way beside the end-to-end tests: they take only the
# cores the browser tests leave idle while their pages wait on the network, and never slow those down.
if command -v chrt >/dev/null 2>&1 && chrt -i 0 true 2>/dev/null; then
  exec chrt -i 0 "$@"
fi
exec nice -n 19 "$@"
