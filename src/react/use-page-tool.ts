import * as React from 'react';
import { pageModelContext } from '../page-tools/types.js';
import type { PageTool, RegisterToolOptions } from '../page-tools/types.js';

/** Anything that takes WebMCP's `registerTool(tool, { signal })`: `<mcp-chat>`, `document.modelContext`. */
export interface PageToolTarget {
  registerTool(tool: PageTool, options?: RegisterToolOptions): unknown;
}

const hasRegister = (value: unknown): value is PageToolTarget => !!value && typeof (value as PageToolTarget).registerTool === 'function';

/**
 * Gives a tool to the chat (or to browser agents) while the component is
 * mounted: registers `tool` on `target` (a ref to `<McpChat>`, or any object
 * with WebMCP's `registerTool`), or, when the target has no `registerTool`
 * or none is given, on the page's `document.modelContext` (which
 * `<mcp-chat page-tools>` imports); unmounting aborts the registration. The
 * tool is registered again only when its name, title, description, schema
 * or annotations change; `execute` is always the latest one given, so it may
 * read the component's state. Returns the registration's error, if any (a
 * taken name, an invalid name, no place to register).
 */
export function usePageTool(tool: PageTool, target?: PageToolTarget | React.RefObject<unknown> | null): Error | undefined {
  const latest = React.useRef(tool);
  latest.current = tool;
  const [error, setError] = React.useState<Error | undefined>(undefined);
  const shape = JSON.stringify([tool.name, tool.title, tool.description, tool.inputSchema ?? null, tool.annotations ?? null]);
  React.useEffect(() => {
    const given = target && 'current' in target ? target.current : target;
    const stop = new AbortController();
    const register = () => {
      const host = hasRegister(given) ? given : pageModelContext();
      if (!host) {
        setError(
          new Error(
            `No place to register the page tool ${latest.current.name}: give a chat with registerTool, or use a browser with WebMCP.`,
          ),
        );
        return;
      }
      const { execute: _execute, ...description } = latest.current;
      setError(undefined);
      Promise.resolve(
        host.registerTool({ ...description, execute: (input, client) => latest.current.execute(input, client) }, { signal: stop.signal }),
      ).catch((reason: unknown) => {
        if (!stop.signal.aborted) setError(reason instanceof Error ? reason : new Error(String(reason)));
      });
    };
    // `<McpChat>` loads its element's code when it mounts: until it is defined the tag has no
    // registerTool yet, and the tool waits for it rather than going to the page.
    const tag = typeof HTMLElement !== 'undefined' && given instanceof HTMLElement ? given.localName : '';
    if (tag.includes('-') && !customElements.get(tag)) {
      void customElements.whenDefined(tag).then(() => {
        if (!stop.signal.aborted) register();
      });
    } else {
      register();
    }
    return () => stop.abort();
  }, [shape, target]);
  return error;
}
