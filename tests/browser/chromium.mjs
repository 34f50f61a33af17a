// Headless Debian chromium as the browser tests launch it: no sandbox (tests may run as root),
// no GPU, and nothing that reaches the network on its own.

import { chromium } from "playwright-core";

export function launchChromium() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
