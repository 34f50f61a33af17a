// Headless Debian chromium as the browser tests launch it: no sandbox (tests may run as root),
// no GPU, nothing that reaches the network on its own, and shared memory in /tmp rather than
// /dev/shm, which containers may size at 64 MB (one known way a renderer dies while the first
// page loads; a 2 MB /dev/shm here did not kill it, so it is a precaution, not a found cause).

import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
