// The Apps SDK's host side (AppBridge) is a chunk of its own: pages without
// app views never download it. One shared load, started by the first view or
// ahead of it (app-prewarm.ts).

/** The AppBridge chunk (the Apps SDK's host side): one shared load, started by the first view or ahead of it (`prewarmAppViews`). */
let bridgeModule: Promise<typeof import('@modelcontextprotocol/ext-apps/app-bridge')> | undefined;

/** Loads the Apps SDK's AppBridge (once; again after a failure). */
export function loadAppBridge(): Promise<typeof import('@modelcontextprotocol/ext-apps/app-bridge')> {
  bridgeModule ??= import('@modelcontextprotocol/ext-apps/app-bridge').catch((error: unknown) => {
    bridgeModule = undefined;
    throw error;
  });
  return bridgeModule;
}
